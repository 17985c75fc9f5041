import { accountRequestRoutes } from '../../../core/routes/account-requests';
import { dynamoAccountRequestsRepository } from '../../adapters/dynamo-account-requests-repository';
import { callerOf, createHandler } from '../../http/create-handler';

const requests = dynamoAccountRequestsRepository();

/** The caller's own request only: its id is their user id, taken from the verified token. */
export const handler = createHandler(accountRequestRoutes.getMyAccountRequest, async (_input, ctx) => ({
  request: await requests.get(callerOf(ctx).userId),
}));
