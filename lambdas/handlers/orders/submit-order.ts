import { orderRoutes } from '../../../core/routes/orders';
import { dynamoLensCatalogue } from '../../adapters/dynamo-lens-catalogue';
import { dynamoMoneyStore } from '../../adapters/dynamo-money-store';
import { dynamoProductionSettings } from '../../adapters/dynamo-production-settings';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitOrder } from '../../use-cases/orders/submit-order';
import { orderDeps } from './order-deps';

// The order's attachments are listed from storage, not taken from the request.
const files = s3AttachedFiles(ORDER_FILES);
// The lines are checked against the catalogue (only submit and resubmit declare `lenses`).
const lenses = dynamoLensCatalogue();
// A warranty remake reads the lens's claims: a claimed lens cannot also be exchanged.
const claims = dynamoMoneyStore();
// The ship promise is counted on the lab's calendar.
const production = dynamoProductionSettings();

export const handler = createHandler(orderRoutes.submitOrder, (input, ctx) =>
  submitOrder(callerOf(ctx), input, { ...orderDeps(ctx.log), lenses, files, claims, production }),
);
