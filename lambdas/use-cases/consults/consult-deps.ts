import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../ports/logger';
import type { AuditTrail } from '../../ports/audit-log';
import type { ConsultantSettingsStore, ConsultStore } from '../../ports/consult-store';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { LensCatalogue } from '../../ports/lens-catalogue';
import type { OrdersRepository } from '../../ports/orders-repository';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { UsersRepository } from '../../ports/users-repository';

/**
 * Everything the consult use cases read and write. Each use case names the parts it needs with `Pick`, so a
 * handler passes exactly what its route's resources allow.
 */
export interface ConsultDeps extends Clock {
  consults: ConsultStore;
  settings: ConsultantSettingsStore;
  lenses: Pick<LensCatalogue, 'get'>;
  orders: Pick<OrdersRepository, 'get'>;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  limiter: RateLimiter;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The request's audit trail (`ctx.audit`): the lab's answers, links and settings changes are recorded. */
  audit?: AuditTrail;
}
