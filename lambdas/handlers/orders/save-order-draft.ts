import { ROUTES } from '../../../core/routes';
import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { saveOrderDraft } from '../../use-cases/save-order-draft';

const orders = dynamoOrdersRepository();
const users = dynamoUsersRepository();

export const handler = createHandler(ROUTES.saveOrderDraft, (input, ctx) =>
  saveOrderDraft(callerOf(ctx), input, { orders, users }),
);
