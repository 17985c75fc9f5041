import { orderRoutes } from '../../../core/routes/orders';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getOrder } from '../../use-cases/orders/get-order';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();

export const handler = createHandler(orderRoutes.getOrder, (input, ctx) =>
  getOrder(callerOf(ctx), input, { orders, users, customers }),
);
