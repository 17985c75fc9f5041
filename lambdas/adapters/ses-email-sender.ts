import { skippingSuppressed } from '../email/suppressed-recipients';
import type { OutgoingEmail } from '../email/safe-email';
import { requireEnv } from '../env';
import { createLogger } from '../http/logger';
import type { EmailSender } from '../ports/email-sender';
import { sendEmail } from './aws/sesv2';
import { dynamoEmailSuppressions } from './dynamo-email-suppressions';

/**
 * Sends through SES v2 (AWS_ENDPOINT_URL_SESV2 points it at the local emulator) from EMAIL_FROM, leaving out addresses that bounced or complained (lambdas/email/suppressed-recipients.ts).
 * In AWS every email names the stage's configuration set (EMAIL_CONFIGURATION_SET), whose bounce and complaint
 * events fill that list; the local stack sets none, and its SES emulator knows no configuration sets.
 */
export function sesEmailSender(): EmailSender {
  // Made only where the route names `email`: the sender must be in the function's environment.
  requireEnv('EMAIL_FROM');
  const ses: EmailSender = {
    async send(email: OutgoingEmail) {
      const configurationSet = process.env.EMAIL_CONFIGURATION_SET;
      await sendEmail({
        FromEmailAddress: requireEnv('EMAIL_FROM'),
        Destination: { ToAddresses: [...email.to] },
        ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
          },
        },
      });
    },
  };
  let suppressions: ReturnType<typeof dynamoEmailSuppressions> | undefined;
  return skippingSuppressed(
    ses,
    () => (suppressions ??= dynamoEmailSuppressions()),
    createLogger({ component: 'email-sender' }),
  );
}
