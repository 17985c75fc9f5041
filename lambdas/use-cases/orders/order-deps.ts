import type { Clock } from '../../kernel/clock';
import type { RetryPolicy } from '../../kernel/retry';
import type { AttachedFiles } from '../../ports/attached-files';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { LensCatalogue } from '../../ports/lens-catalogue';
import type { Logger } from '../../ports/logger';
import type { MoneyStore } from '../../ports/money-store';
import type { OrdersRepository } from '../../ports/orders-repository';
import type { ProductionSettingsStore } from '../../ports/production-settings';
import type { UsersRepository } from '../../ports/users-repository';

/**
 * Every port an order use case may use. Each use case asks for the ones it needs (`Pick<OrderDeps, ...>`),
 * and those are required: a handler that forgets one fails to compile rather than at run time.
 */
export interface OrderDeps extends Clock {
  orders: OrdersRepository;
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get'>;
  lenses: Pick<LensCatalogue, 'get'>;
  /** Warranty claims: a lens a claim holds cannot be exchanged (the warranty remake on submit). */
  claims: Pick<MoneyStore, 'listAccountClaims'>;
  /** The order's stored files: `attachments` is built from them (submit, resubmit, draft saves). */
  files: Pick<AttachedFiles, 'list'>;
  log: Pick<Logger, 'warn' | 'error'>;
  /** The request's audit trail (`ctx.audit`): the lab's decisions are recorded. */
  audit: AuditTrail;
  /** The lab's stages and shipping calendar: the promise at submit, the stage moves, the queue's promise state. */
  production: Pick<ProductionSettingsStore, 'get'>;
}

/** The backoff of an order write DynamoDB refused because another transaction on the same items was in flight. */
export const ORDER_WRITE_BACKOFF: Omit<RetryPolicy, 'attempts'> = { baseMs: 15, jitterMs: 40 };
