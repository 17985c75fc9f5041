import { emailRoutes } from '../../../core/routes/email';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { sesEmailSender } from '../../adapters/ses-email-sender';
import { callerOf, createHandler } from '../../http/create-handler';
import { sendTestEmail } from '../../use-cases/email/email-management';

const mailer = sesEmailSender();
const limiter = dynamoRateLimiter();

export const handler = createHandler(emailRoutes.sendTestEmail, (input, ctx) =>
  sendTestEmail(callerOf(ctx), input, { mailer, limiter, log: ctx.log, audit: ctx.audit }),
);
