import { orderRoutes } from '../../../core/routes/orders';
import { callerOf, createHandler } from '../../http/create-handler';
import { reportParcelProblem } from '../../use-cases/orders/parcel-claims';
import { orderDeps } from './order-deps';

export const handler = createHandler(orderRoutes.reportParcelProblem, (input, ctx) =>
  reportParcelProblem(callerOf(ctx), input, { ...orderDeps(ctx.log), audit: ctx.audit }),
);
