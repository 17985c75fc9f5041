import { ROUTES } from '../../../core/routes';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { createHandler } from '../../http/create-handler';
import { listOrders } from '../../use-cases/list-orders';

const orders = dynamoOrdersRepository();

export const handler = createHandler(ROUTES.listOrders, (input) => listOrders(input, { orders }));
