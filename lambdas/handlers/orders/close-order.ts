import { ROUTES } from '../../../core/routes';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/change-order-status';
import { orderDeps } from './order-deps';

export const handler = createHandler(ROUTES.closeOrder, (input, ctx) =>
  changeOrderStatus(
    'close',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, invoiceNumber: input.invoiceNumber },
    orderDeps(ctx.log),
  ),
);
