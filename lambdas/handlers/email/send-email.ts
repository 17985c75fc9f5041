import { ROUTES } from '../../../core/routes';
import { sesEmailSender } from '../../adapters/ses-email-sender';
import { createHandler } from '../../http/create-handler';
import { sendEmail } from '../../use-cases/send-email';

const mailer = sesEmailSender();

export const handler = createHandler(ROUTES.sendEmail, (input, ctx) => sendEmail(input, { mailer, log: ctx.log }));
