import { machineRoutes } from '../../../core/routes/machine';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { createHandler } from '../../http/create-handler';
import { pullApprovedOrders } from '../../use-cases/orders/pull-approved-orders';

const orders = dynamoOrdersRepository();

export const handler = createHandler(machineRoutes.machinePullOrders, (input) => pullApprovedOrders(input, { orders }));
