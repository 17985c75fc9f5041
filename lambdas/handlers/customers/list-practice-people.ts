import { customerRoutes } from '../../../core/routes/customers';
import { dynamoAccountLinks } from '../../adapters/dynamo-account-links';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { listPracticePeople } from '../../use-cases/customers/practice-people';

const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();
const links = dynamoAccountLinks();

export const handler = createHandler(customerRoutes.listPracticePeople, (input, ctx) =>
  listPracticePeople(callerOf(ctx), input, { users, customers, links, audit: ctx.audit }),
);
