import { ROUTES } from '../../../core/routes';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { listAccountOrders } from '../../use-cases/list-account-orders';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();

export const handler = createHandler(ROUTES.listAccountOrders, (input, ctx) =>
  listAccountOrders(callerOf(ctx), input, { orders, users }),
);
