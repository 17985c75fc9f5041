import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { decideCreditApproval } from '../../use-cases/credit/credit-approvals';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  users: dynamoUsersRepository(),
};

export const handler = createHandler(creditRoutes.decideCreditApproval, (input, ctx) =>
  decideCreditApproval(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
