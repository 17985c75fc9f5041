import { orderRoutes } from '../../../core/routes/orders';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/orders/change-order-status';
import { orderDeps } from './order-deps';

export const handler = createHandler(orderRoutes.rejectOrder, (input, ctx) =>
  changeOrderStatus(
    'reject',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, note: input.reason },
    { ...orderDeps(ctx.log), audit: ctx.audit },
  ),
);
