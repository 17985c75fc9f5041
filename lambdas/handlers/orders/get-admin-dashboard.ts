import { orderRoutes } from '../../../core/routes/orders';
import { dynamoActiveUsers } from '../../adapters/dynamo-active-users';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { createHandler } from '../../http/create-handler';
import { getAdminDashboard } from '../../use-cases/orders/get-admin-dashboard';
import { systemClock } from '../../kernel/clock';

const orders = dynamoOrdersRepository();
const activeUsers = dynamoActiveUsers();

export const handler = createHandler(orderRoutes.getAdminDashboard, () =>
  getAdminDashboard({ orders, activeUsers, now: systemClock.now }),
);
