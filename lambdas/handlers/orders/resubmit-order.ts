import { ROUTES } from '../../../core/routes';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/change-order-status';
import { orderDeps } from './order-deps';

// The order's attachments are listed from storage again (issue 10 item 8): files may change while on hold.
const files = s3AttachedFiles(ORDER_FILES);

export const handler = createHandler(ROUTES.resubmitOrder, (input, ctx) =>
  changeOrderStatus(
    'resubmit',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, note: input.answer, order: input.order },
    { ...orderDeps(ctx.log), files },
  ),
);
