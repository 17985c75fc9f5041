import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { templateMoneyNotifier } from '../../adapters/template-money-notifier';
import type { Logger } from '../../http/logger';
import type { MoneyDeps } from '../../use-cases/money/money-deps';

let shared: Omit<MoneyDeps, 'log'> | undefined;

/** The invoice handlers' adapters, made once per Lambda container. */
export function moneyDeps(log: Logger): MoneyDeps {
  shared ??= {
    money: dynamoMoneyStore(),
    users: dynamoUsersRepository(),
    customers: dynamoCustomersRepository(),
    notifier: templateMoneyNotifier(),
  };
  return { ...shared, log };
}
