import { customerRoutes } from '../../../core/routes/customers';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getCustomerInfo } from '../../use-cases/customers/get-customer-info';

const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();
const orders = dynamoOrdersRepository();

export const handler = createHandler(customerRoutes.getCustomerInfo, (input, ctx) =>
  getCustomerInfo(callerOf(ctx), input, { users, customers, orders }),
);
