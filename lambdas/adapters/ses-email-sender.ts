import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { OutgoingEmail } from '../email/safe-email';
import { requireEnv } from '../env';
import type { EmailSender } from '../ports/email-sender';
import { awsClientOptions } from './aws-client-options';

/** SES v2 (AWS_ENDPOINT_URL_SESV2 points it at the local emulator). Sender: EMAIL_FROM. */
const client = new SESv2Client(awsClientOptions());

export function sesEmailSender(): EmailSender {
  return {
    async send(email: OutgoingEmail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: requireEnv('EMAIL_FROM'),
          Destination: { ToAddresses: [...email.to] },
          ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}
