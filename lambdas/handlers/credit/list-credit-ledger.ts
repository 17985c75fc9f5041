import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { listCreditLedger } from '../../use-cases/credit/list-credit-ledger';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, money: dynamoMoneyStore(), users: dynamoUsersRepository() };

export const handler = createHandler(creditRoutes.listCreditLedger, (input, ctx) =>
  listCreditLedger(callerOf(ctx), input, deps),
);
