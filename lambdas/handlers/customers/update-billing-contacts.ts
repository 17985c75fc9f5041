import { customerRoutes } from '../../../core/routes/customers';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { updateBillingContacts } from '../../use-cases/customers/billing-contacts';

const deps = { customers: dynamoCustomersRepository(), users: dynamoUsersRepository() };

export const handler = createHandler(customerRoutes.updateBillingContacts, (input, ctx) =>
  updateBillingContacts(callerOf(ctx), input, deps),
);
