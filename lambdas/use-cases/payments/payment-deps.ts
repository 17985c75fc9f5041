import type { PaymentGateway } from '../../ports/payment-gateway';
import type { InvoiceDeps } from '../invoices';

/** A payment settles invoices, so it reads and writes what they do, and the card gateway. */
export interface PaymentDeps extends InvoiceDeps {
  gateway: PaymentGateway;
}
