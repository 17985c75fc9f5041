import { billingRoutes } from '../../../core/routes/billing';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { setCreditHold } from '../../use-cases/billing/credit-hold';

const deps = { customers: dynamoCustomersRepository(), users: dynamoUsersRepository(), now: systemClock.now };

export const handler = createHandler(billingRoutes.setCreditHold, (input, ctx) =>
  setCreditHold(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
