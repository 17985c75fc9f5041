import type { CreditSettingsStore } from '../../ports/money-store';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { InvoiceDeps } from '../invoices';

/**
 * Settling reads and writes what the invoices do but the practice's record (only a new invoice's due date
 * reads it), and the lab's credit threshold: card money beyond a balance above it waits for a second super
 * admin.
 */
export interface SettleDeps extends Omit<InvoiceDeps, 'customers'> {
  creditSettings: Pick<CreditSettingsStore, 'get'>;
}

/** A payment settles invoices, so it reads and writes what they do, and the card gateway. */
export interface PaymentDeps extends SettleDeps {
  gateway: PaymentGateway;
}
