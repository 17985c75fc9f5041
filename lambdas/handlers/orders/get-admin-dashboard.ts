import { ROUTES } from '../../../core/routes';
import { dynamoActiveUsers } from '../../adapters/dynamo-active-users';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { createHandler } from '../../http/create-handler';
import { getAdminDashboard } from '../../use-cases/get-admin-dashboard';

const orders = dynamoOrdersRepository();
const activeUsers = dynamoActiveUsers();

export const handler = createHandler(ROUTES.getAdminDashboard, () => getAdminDashboard({ orders, activeUsers }));
