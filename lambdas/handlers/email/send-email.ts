import { emailRoutes } from '../../../core/routes/email';
import { cognitoAdminDirectory } from '../../adapters/cognito-admin-directory';
import { dynamoEmailTemplates } from '../../adapters/dynamo-email-templates';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { dynamoUsersRepository } from '../../adapters/dynamo-users-repository';
import { sesEmailSender } from '../../adapters/ses-email-sender';
import { callerOf, createHandler } from '../../http/create-handler';
import { sendEmail } from '../../use-cases/email/send-email';

const mailer = sesEmailSender();
// Recipients must be a practice's users or the lab recipients; sends are budgeted (email-relay-guard.ts).
const templates = dynamoEmailTemplates();
const directory = cognitoAdminDirectory();
const users = dynamoUsersRepository();
const limiter = dynamoRateLimiter();

export const handler = createHandler(emailRoutes.sendEmail, (input, ctx) =>
  sendEmail(callerOf(ctx), input, { mailer, templates, directory, users, limiter, log: ctx.log, audit: ctx.audit }),
);
