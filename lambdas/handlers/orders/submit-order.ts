import { ROUTES } from '../../../core/routes';
import { s3OrderFiles } from '../../adapters/s3-order-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitOrder } from '../../use-cases/submit-order';
import { orderDeps } from './order-deps';

// The order's attachments are listed from storage (issue 10 item 8), not taken from the request.
const files = s3OrderFiles();

export const handler = createHandler(ROUTES.submitOrder, (input, ctx) =>
  submitOrder(callerOf(ctx), input, { ...orderDeps(ctx.log), files }),
);
