import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { createHandler } from '../../http/create-handler';
import { listOrders } from '../../use-cases/orders/list-orders';

const orders = dynamoOrdersRepository();

export const handler = createHandler(orderRoutes.listOrders, (input) => listOrders(input, { orders }));
