import { accountRequestRoutes } from '../../../core/routes/account-requests';
import { dynamoAccountLinks } from '../../adapters/dynamo-account-links';
import { dynamoAccountRequestsRepository } from '../../adapters/dynamo-account-requests-repository';
import { dynamoCustomersRepository } from '../../adapters/dynamo-customers-repository';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { portalUrl } from '../../email/email-config';
import { callerOf, createHandler } from '../../http/create-handler';
import { approveAccountRequest } from '../../use-cases/account-requests/approve-account-request';
import { systemClock } from '../../kernel/clock';

const requests = dynamoAccountRequestsRepository();
const customers = dynamoCustomersRepository();
const users = dynamoUsersRepository();
const links = dynamoAccountLinks();
const templates = dynamoEmailTemplates();

export const handler = createHandler(accountRequestRoutes.approveAccountRequest, (input, ctx) =>
  approveAccountRequest(callerOf(ctx), input, {
    requests,
    customers,
    users,
    links,
    templates,
    portalUrl: portalUrl(),
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
