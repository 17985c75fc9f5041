import { emailRoutes } from '../../../core/routes/email';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { dynamoNoticeOutbox } from '../../adapters/dynamo-notice-outbox';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { sendEmail } from '../../use-cases/email/send-email';

const outbox = dynamoNoticeOutbox();
// Recipients must be a practice's users or the lab recipients; sends are budgeted (email-relay-guard.ts).
const templates = dynamoEmailTemplates();
const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const limiter = dynamoRateLimiter();

export const handler = createHandler(emailRoutes.sendEmail, (input, ctx) =>
  sendEmail(callerOf(ctx), input, {
    outbox,
    templates,
    directory,
    users,
    limiter,
    now: systemClock.now,
    log: ctx.log,
    audit: ctx.audit,
  }),
);
