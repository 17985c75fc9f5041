import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { markClaimReturnReceived } from '../../use-cases/credit/mark-claim-return-received';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
};

export const handler = createHandler(creditRoutes.markClaimReturnReceived, (input, ctx) =>
  markClaimReturnReceived(callerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
