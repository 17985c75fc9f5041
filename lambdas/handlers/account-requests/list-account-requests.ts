import { accountRequestRoutes } from '../../../core/routes/account-requests';
import { dynamoAccountRequestsRepository } from '../../adapters/dynamo-account-requests-repository';
import { createHandler } from '../../http/create-handler';

const requests = dynamoAccountRequestsRepository();

/** Requests of one status, oldest first: one Query on the byStatus index (createdAt ascending). */
export const handler = createHandler(accountRequestRoutes.listAccountRequests, ({ status, limit, cursor }) =>
  requests.listByStatus(status, { limit, cursor }),
);
