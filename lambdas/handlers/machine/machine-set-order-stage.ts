import { machineRoutes } from '../../../core/routes/machine';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { createHandler, machineCallerOf } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { setOrderStage } from '../../use-cases/orders/set-order-stage';

const deps = {
  ...systemClock,
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
  // The stage list every move is checked against.
  production: dynamoProductionSettings(),
};

export const handler = createHandler(machineRoutes.machineSetOrderStage, (input, ctx) =>
  setOrderStage(machineCallerOf(ctx), input, { ...deps, log: ctx.log, audit: ctx.audit }),
);
