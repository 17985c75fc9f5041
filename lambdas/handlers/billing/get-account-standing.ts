import { billingRoutes } from '../../../core/routes/billing';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getAccountStanding } from '../../use-cases/billing/credit-hold';

const deps = { customers: dynamoCustomersRepository(), users: dynamoUsersRepository() };

export const handler = createHandler(billingRoutes.getAccountStanding, (input, ctx) =>
  getAccountStanding(callerOf(ctx), input, deps),
);
