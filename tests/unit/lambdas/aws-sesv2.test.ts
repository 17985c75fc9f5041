import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sesAccountNotices } from '../../../lambdas/adapters/ses-account-notices';
import { sendEmail, type SendEmailInput } from '../../../lambdas/adapters/aws/sesv2';
import { fakeAwsService, jsonReply, type FakeAwsService, stubAwsEnv } from '../../support/fake-aws-service';

/**
 * SES v2's SendEmail without the SDK (lambdas/adapters/aws/sesv2.ts): the same REST-JSON request the SDK sent,
 * against a local server standing in for SES, and its refusals named as the SDK named them.
 */

let ses: FakeAwsService | undefined;

beforeEach(() => {
  stubAwsEnv({ EMAIL_FROM: 'Lenslab Portal <no-reply@lenslab.example>' });
});

afterEach(async () => {
  await ses?.close();
  ses = undefined;
  vi.unstubAllEnvs();
});

describe('SES v2 SendEmail', () => {
  it('POSTs the JSON body to /v2/email/outbound-emails, signed for ses in the region', async () => {
    ses = await fakeAwsService('SESV2', jsonReply(200, { MessageId: 'm-1' }));
    const input = {
      FromEmailAddress: 'no-reply@lenslab.example',
      Destination: { ToAddresses: ['a@practice.example', 'b@practice.example'] },
      ReplyToAddresses: ['lab@lenslab.example'],
      ConfigurationSetName: 'portal-prod',
      Content: {
        Simple: {
          Subject: { Data: 'Order 12 approved', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Hello', Charset: 'UTF-8' }, Html: { Data: '<p>Hello</p>', Charset: 'UTF-8' } },
        },
      },
    };
    const answer = await sendEmail(input);
    expect(answer).toEqual({ MessageId: 'm-1' });
    const [request] = ses.seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v2/email/outbound-emails');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toMatch(/Credential=AKIDTEST\/\d{8}\/eu-west-2\/ses\/aws4_request/);
    // The body is the input itself: the same JSON the SDK's SendEmailCommand sends.
    expect(JSON.parse(request!.body.toString())).toEqual(input);
  });

  it('the existing-account notice goes from EMAIL_FROM to the address, as plain text', async () => {
    ses = await fakeAwsService('SESV2', jsonReply(200, { MessageId: 'm-2' }));
    await sesAccountNotices().sendExistingAccountNotice('dr.who@practice.example');
    const body = JSON.parse(ses.seen[0]!.body.toString()) as SendEmailInput;
    expect(body.FromEmailAddress).toBe('Lenslab Portal <no-reply@lenslab.example>');
    expect(body.Destination).toEqual({ ToAddresses: ['dr.who@practice.example'] });
    expect(body.Content.Simple.Subject).toEqual({ Data: 'Your Lenslab Portal account' });
    expect(body.Content.Simple.Body.Text?.Data).toMatch(/You already have an account/);
    expect(body.Content.Simple.Body.Html).toBeUndefined();
  });

  it("a refusal is named from SES's error-type header (MessageRejected), client fault, not retried", async () => {
    ses = await fakeAwsService(
      'SESV2',
      jsonReply(
        400,
        { message: 'Email address is not verified.' },
        'MessageRejected:http://internal.amazon.com/coral/',
      ),
    );
    const error = await sendEmail({
      FromEmailAddress: 'x@lenslab.example',
      Destination: { ToAddresses: ['y@practice.example'] },
      Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    expect(ses.seen).toHaveLength(1);
  });
});
