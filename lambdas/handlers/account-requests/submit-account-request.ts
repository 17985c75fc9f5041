import { accountRequestRoutes } from '../../../core/routes/account-requests';
import { dynamoAccountRequestsRepository } from '../../adapters/dynamo-account-requests-repository';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { dynamoReferenceDataRepository } from '../../adapters/dynamo-reference-data-repository';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { labNotificationsAddress, portalUrl } from '../../email/email-config';
import { callerOf, createHandler } from '../../http/create-handler';
import { submitAccountRequest } from '../../use-cases/account-requests/submit-account-request';
import { systemClock } from '../../kernel/clock';

const users = dynamoUsersRepository();
const requests = dynamoAccountRequestsRepository();
const referenceData = dynamoReferenceDataRepository();
const templates = dynamoEmailTemplates();

export const handler = createHandler(accountRequestRoutes.submitAccountRequest, (input, ctx) =>
  submitAccountRequest(callerOf(ctx), input, {
    users,
    requests,
    referenceData,
    templates,
    labAddress: () => labNotificationsAddress(),
    portalUrl: portalUrl(),
    now: systemClock.now,
    log: ctx.log,
  }),
);
