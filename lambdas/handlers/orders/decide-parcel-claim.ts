import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { decideParcelClaim } from '../../use-cases/orders/parcel-claims';

const deps = { ...systemClock, orders: dynamoOrdersRepository(), users: dynamoUsersRepository() };

export const handler = createHandler(orderRoutes.decideParcelClaim, (input, ctx) =>
  decideParcelClaim(callerOf(ctx), input, { ...deps, audit: ctx.audit }),
);
