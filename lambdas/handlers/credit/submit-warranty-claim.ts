import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitWarrantyClaim } from '../../use-cases/credit/submit-warranty-claim';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
};

export const handler = createHandler(creditRoutes.submitWarrantyClaim, (input, ctx) =>
  submitWarrantyClaim(callerOf(ctx), input, deps),
);
