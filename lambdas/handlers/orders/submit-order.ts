import { ROUTES } from '../../../core/routes';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitOrder } from '../../use-cases/submit-order';
import { orderDeps } from './order-deps';

// The order's attachments are listed from storage (issue 10 item 8), not taken from the request.
const files = s3AttachedFiles(ORDER_FILES);

export const handler = createHandler(ROUTES.submitOrder, (input, ctx) =>
  submitOrder(callerOf(ctx), input, { ...orderDeps(ctx.log), files }),
);
