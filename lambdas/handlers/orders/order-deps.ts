import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { templateOrderNotifier } from '../../adapters/template-order-notifier';
import type { Logger } from '../../http/logger';
import type { OrderDeps } from '../../use-cases/order-common';

let shared: Omit<OrderDeps, 'log'> | undefined;

/** The orders handlers' adapters, made once per Lambda container (each handler bundles only what it imports). */
export function orderDeps(log: Logger): OrderDeps {
  shared ??= {
    orders: dynamoOrdersRepository(),
    users: dynamoUsersRepository(),
    customers: dynamoCustomersRepository(),
    lenses: dynamoLensCatalogue(),
    notifier: templateOrderNotifier(),
  };
  return { ...shared, log };
}
