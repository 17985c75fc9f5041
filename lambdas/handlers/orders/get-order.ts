import { ROUTES } from '../../../core/routes';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { getOrder } from '../../use-cases/get-order';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();
const customers = dynamoCustomersRepository();

export const handler = createHandler(ROUTES.getOrder, (input, ctx) =>
  getOrder(callerOf(ctx), input, { orders, users, customers }),
);
