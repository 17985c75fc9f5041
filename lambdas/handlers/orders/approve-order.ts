import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/change-order-status';
import { orderDeps } from './order-deps';

export const handler = createHandler(ROUTES.approveOrder, (input, ctx) =>
  changeOrderStatus(
    'approve',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, note: input.note },
    { ...orderDeps(ctx.log), audit: ctx.audit },
  ),
);
