import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { listOrders } from '../../use-cases/orders/list-orders';

const orders = dynamoOrdersRepository();
// The lab's calendar: each order's promise state is counted against today on it.
const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.listOrders, (input) =>
  listOrders(input, { orders, production, now: systemClock.now }),
);
