import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { templateMoneyNotifier } from '../../adapters/template-money-notifier';
import type { Logger } from '../../http/logger';
import type { CreditDeps } from '../../use-cases/credit/credit-deps';

let shared: Omit<CreditDeps, 'log'> | undefined;

/**
 * The Lens Credit handlers' adapters, made once per Lambda container. Making an adapter touches no table;
 * each use case reads only what its route's resources grant.
 */
export function creditDeps(log: Logger): CreditDeps {
  shared ??= {
    money: dynamoMoneyStore(),
    orders: dynamoOrdersRepository(),
    users: dynamoUsersRepository(),
    customers: dynamoCustomersRepository(),
    notifier: templateMoneyNotifier(),
  };
  return { ...shared, log };
}
