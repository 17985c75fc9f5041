import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { CreditSettingsStore, MoneyStore } from '../../ports/money-store';
import type { OrdersRepository } from '../../ports/orders-repository';
import type { UsersRepository } from '../../ports/users-repository';

/**
 * Everything the Lens Credit use cases read and write. Each use case names the parts it
 * needs with `Pick`, so a handler passes exactly what its route's resources allow and nothing is optional.
 */
export interface CreditDeps extends Clock {
  money: MoneyStore;
  orders: Pick<OrdersRepository, 'get' | 'listByAccount' | 'counters'>;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  /** The threshold above which credit waits for a second super admin. */
  creditSettings: CreditSettingsStore;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The request's audit trail (`ctx.audit`): the lab's credit decisions are recorded. */
  audit?: AuditTrail;
}

/** One answer for an unknown claim (the lab's routes; practices never name a claim they do not own). */
export const CLAIM_NOT_FOUND = 'Claim not found';
