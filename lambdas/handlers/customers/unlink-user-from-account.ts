import { customerRoutes } from '../../../core/routes/customers';
import { dynamoAccountLinks } from '../../adapters/dynamo-account-links';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler } from '../../http/create-handler';
import { unlinkUserFromAccount } from '../../use-cases/customers/link-user-to-account';

const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();
const links = dynamoAccountLinks();

export const handler = createHandler(customerRoutes.unlinkUserFromAccount, (input, ctx) =>
  unlinkUserFromAccount(input, { users, customers, links, audit: ctx.audit }),
);
