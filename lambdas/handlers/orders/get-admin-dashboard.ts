import { orderRoutes } from '../../../core/routes/orders';
import { dynamoActiveUsers } from '../../adapters/dynamo-active-users';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { createHandler } from '../../http/create-handler';
import { getAdminDashboard } from '../../use-cases/orders/get-admin-dashboard';
import { systemClock } from '../../kernel/clock';

const orders = dynamoOrdersRepository();
const activeUsers = dynamoActiveUsers();
// The lab's calendar names today, the last day of the on-time windows.
const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.getAdminDashboard, () =>
  getAdminDashboard({ orders, activeUsers, production, now: systemClock.now }),
);
