import { emailRoutes } from '../../../core/routes/email';
import { dynamoNoticeOutbox } from '../../adapters/dynamo-notice-outbox';
import { dynamoRateLimiter } from '../../adapters/dynamo-rate-limiter';
import { callerOf, createHandler } from '../../http/create-handler';
import { systemClock } from '../../kernel/clock';
import { sendTestEmail } from '../../use-cases/email/email-management';

const outbox = dynamoNoticeOutbox();
const limiter = dynamoRateLimiter();

export const handler = createHandler(emailRoutes.sendTestEmail, (input, ctx) =>
  sendTestEmail(callerOf(ctx), input, { outbox, limiter, now: systemClock.now, log: ctx.log, audit: ctx.audit }),
);
