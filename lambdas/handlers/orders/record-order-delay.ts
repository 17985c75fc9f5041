import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { recordOrderDelay } from '../../use-cases/orders/record-order-delay';

const deps = {
  ...systemClock,
  orders: dynamoOrdersRepository(),
  users: dynamoUsersRepository(),
  // The calendar the new ship date is checked on.
  production: dynamoProductionSettings(),
};

export const handler = createHandler(orderRoutes.recordOrderDelay, (input, ctx) =>
  recordOrderDelay(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
