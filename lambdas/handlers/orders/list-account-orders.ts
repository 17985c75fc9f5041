import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { listAccountOrders } from '../../use-cases/orders/list-account-orders';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();

export const handler = createHandler(orderRoutes.listAccountOrders, (input, ctx) =>
  listAccountOrders(callerOf(ctx), input, { orders, users }),
);
