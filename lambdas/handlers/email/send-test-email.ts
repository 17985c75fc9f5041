import { ROUTES } from '../../../core/routes';
import { sesEmailSender } from '../../adapters/ses-email-sender';
import { createHandler } from '../../http/create-handler';
import { sendTestEmail } from '../../use-cases/email-management';

const mailer = sesEmailSender();

export const handler = createHandler(ROUTES.sendTestEmail, (input, ctx) =>
  sendTestEmail(input, { mailer, log: ctx.log }),
);
