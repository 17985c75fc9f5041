import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { saveOrderDraft } from '../../use-cases/orders/save-order-draft';
import { systemClock } from '../../kernel/clock';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();
// The draft's attachments are listed from storage, not taken from the request.
const files = s3AttachedFiles(ORDER_FILES);

export const handler = createHandler(orderRoutes.saveOrderDraft, (input, ctx) =>
  saveOrderDraft(callerOf(ctx), input, { orders, users, files, now: systemClock.now }),
);
