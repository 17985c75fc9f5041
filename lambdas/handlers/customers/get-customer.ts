import { customerRoutes } from '../../../core/routes/customers';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler } from '../../http/create-handler';
import { getCustomer } from '../../use-cases/customers/get-customer';

const customers = dynamoCustomersRepository();
const users = dynamoUsersRepository();

export const handler = createHandler(customerRoutes.getCustomer, ({ accountNumber }) =>
  getCustomer(accountNumber, { customers, users }),
);
