import { accountRequestRoutes } from '../../../core/routes/account-requests';
import { dynamoAccountRequestsRepository } from '../../adapters/dynamo-account-requests-repository';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { callerOf, createHandler } from '../../http/create-handler';
import { rejectAccountRequest } from '../../use-cases/account-requests/reject-account-request';
import { systemClock } from '../../kernel/clock';

const requests = dynamoAccountRequestsRepository();
const templates = dynamoEmailTemplates();

export const handler = createHandler(accountRequestRoutes.rejectAccountRequest, (input, ctx) =>
  rejectAccountRequest(callerOf(ctx), input, {
    requests,
    templates,
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
