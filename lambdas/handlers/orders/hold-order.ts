import { orderRoutes } from '../../../core/routes/orders';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/orders/change-order-status';
import { orderDeps } from './order-deps';

export const handler = createHandler(orderRoutes.holdOrder, (input, ctx) =>
  changeOrderStatus(
    'hold',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, note: input.message },
    { ...orderDeps(ctx.log), audit: ctx.audit },
  ),
);
