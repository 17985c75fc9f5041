import { creditRoutes } from '../../../core/routes/credit';
import { callerOf, createHandler } from '../../http/create-handler';
import { grantGoodwillCredit } from '../../use-cases/credit/grant-goodwill-credit';
import { dynamoCreditSettings } from '../../adapters/dynamo-credit-settings';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { systemClock } from '../../kernel/clock';

const deps = {
  ...systemClock,
  money: dynamoMoneyStore(),
  customers: dynamoCustomersRepository(),
  users: dynamoUsersRepository(),
  creditSettings: dynamoCreditSettings(),
};

export const handler = createHandler(creditRoutes.grantGoodwillCredit, (input, ctx) =>
  grantGoodwillCredit(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
