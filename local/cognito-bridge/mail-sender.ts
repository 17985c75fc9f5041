import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../emulators/local-credentials';

export type SendMail = (to: string, subject: string, body: string) => Promise<void>;

/** Sends plain-text mail into the SES emulator, where the dev mailbox and the tests read it. */
export function sesMailSender(sesEndpoint: string, from: string): SendMail {
  const client = new SESv2Client({ endpoint: sesEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  return async (to, subject, body) => {
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: body } } } },
      }),
    );
  };
}
