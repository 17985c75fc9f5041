import { orderRoutes } from '../../../core/routes/orders';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { discardOrderDraft } from '../../use-cases/orders/discard-order-draft';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();
const files = s3AttachedFiles(ORDER_FILES);

export const handler = createHandler(orderRoutes.discardOrderDraft, (input, ctx) =>
  discardOrderDraft(callerOf(ctx), input, {
    orders,
    users,
    files,
    log: ctx.log,
  }),
);
