import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { MoneyStore } from '../../ports/money-store';
import type { UsersRepository } from '../../ports/users-repository';

/** What the invoice use cases read and write (the payment ones add the card gateway); each takes the parts it needs. */
export interface InvoiceDeps extends Clock {
  money: MoneyStore;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The request's audit trail (`ctx.audit`): the lab's invoice changes are recorded. */
  audit?: AuditTrail;
}
