import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { moveOrderStages } from '../../use-cases/orders/move-order-stages';

const deps = {
  ...systemClock,
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
  // The stage list every move is checked against.
  production: dynamoProductionSettings(),
};

export const handler = createHandler(orderRoutes.moveOrderStages, (input, ctx) =>
  moveOrderStages(callerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
