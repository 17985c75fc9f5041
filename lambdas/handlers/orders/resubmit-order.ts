import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/change-order-status';
import { orderDeps } from './order-deps';

export const handler = createHandler(ROUTES.resubmitOrder, (input, ctx) =>
  changeOrderStatus(
    'resubmit',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, note: input.answer, order: input.order },
    orderDeps(ctx.log),
  ),
);
