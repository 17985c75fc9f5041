import { attachmentRoutes } from '../../../core/routes/attachments';
import { dynamoOrderAccess } from '../../adapters/dynamo-order-access';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { s3AttachedFiles } from '../../adapters/s3-attached-files';
import { ORDER_FILES } from '../../ports/attached-files';
import { callerOf, createHandler } from '../../http/create-handler';
import { generateUploadUrl } from '../../use-cases/orders/order-attachments';

const deps = { orders: dynamoOrderAccess(), users: dynamoUsersRepository(), files: s3AttachedFiles(ORDER_FILES) };

export const handler = createHandler(attachmentRoutes.generateUploadUrl, (input, ctx) =>
  generateUploadUrl(callerOf(ctx), input, deps),
);
