import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { decideWarrantyClaim } from '../../use-cases/credit/decide-warranty-claim';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoCounterReader } from '../../adapters/dynamo-order-reads';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  // Only the counters: an approval re-checks the lens was not exchanged meanwhile.
  orders: dynamoCounterReader(),
  users: dynamoUsersRepository(),
};

export const handler = createHandler(creditRoutes.decideWarrantyClaim, (input, ctx) =>
  decideWarrantyClaim(callerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
