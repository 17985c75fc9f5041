import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';
import type { Logger } from '../../ports/logger';
import type { OrderDeps } from '../../use-cases/orders/order-deps';

/**
 * The ports every order change uses (change-order-status.ts `StatusChangeDeps`): the order (whose writes store
 * its emails in the outbox), the caller's and the practice's records. Submit and resubmit also check the lines
 * against the lens catalogue; their handlers add it, since the lab's decisions and cancel do not declare `lenses`.
 */
export type SharedOrderDeps = Pick<OrderDeps, 'orders' | 'users' | 'customers' | 'log' | 'now' | 'sleep'>;

// Made when the handler loads, so a handler whose route lacks one of these tables fails at cold start.
const shared: Omit<SharedOrderDeps, 'log'> = {
  ...systemClock,
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
  customers: dynamoCustomersRepository(),
};

/** The orders handlers' adapters with the request's logger. */
export function orderDeps(log: Logger): SharedOrderDeps {
  return { ...shared, log };
}
