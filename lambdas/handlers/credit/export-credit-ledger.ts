import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { exportCreditLedger } from '../../use-cases/credit/export-credit-ledger';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = { ...systemClock, money: dynamoMoneyStore(), users: dynamoUsersRepository() };

export const handler = createHandler(creditRoutes.exportCreditLedger, (input, ctx) =>
  exportCreditLedger(callerOf(ctx), input, { ...deps, log: ctx.log }),
);
