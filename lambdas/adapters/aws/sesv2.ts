import { awsFetch } from './aws-request';

/** SES v2 (REST-JSON). AWS_ENDPOINT_URL_SESV2 points it at the local emulator. */
const SESV2 = {
  signingName: 'ses',
  endpointEnv: 'SESV2',
  defaultEndpoint: (region: string) => `https://email.${region}.amazonaws.com`,
};

interface Text {
  Data: string;
  Charset?: string;
}

/** The SendEmail fields the Lambdas use, named as the API names them. */
export interface SendEmailInput {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  ReplyToAddresses?: string[];
  ConfigurationSetName?: string;
  Content: { Simple: { Subject: Text; Body: { Text?: Text; Html?: Text } } };
}

/** Sends one email; a refusal (MessageRejected, AccountSuspendedException...) is an AwsServiceError of that name. */
export async function sendEmail(input: SendEmailInput): Promise<{ MessageId?: string }> {
  const response = await awsFetch(SESV2, {
    path: '/v2/email/outbound-emails',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.json()) as { MessageId?: string };
}
