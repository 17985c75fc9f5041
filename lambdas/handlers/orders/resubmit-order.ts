import { orderRoutes } from '../../../core/routes/orders';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { changeOrderStatus } from '../../use-cases/orders/change-order-status';
import { orderDeps } from './order-deps';

// The order's attachments are listed from storage again: files may change while on hold.
const files = s3AttachedFiles(ORDER_FILES);
// The lines are checked against the catalogue (only submit and resubmit declare `lenses`).
const lenses = dynamoLensCatalogue();
// The promise is counted again from the answer, on the lab's calendar.
const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.resubmitOrder, (input, ctx) =>
  changeOrderStatus(
    'resubmit',
    callerOf(ctx),
    { orderId: input.orderId, version: input.version, note: input.answer, order: input.order },
    { ...orderDeps(ctx.log), lenses, files, production },
  ),
);
