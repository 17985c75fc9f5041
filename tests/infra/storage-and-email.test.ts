import { beforeAll, describe, expect, test } from 'vitest';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { render, resourcesOf } from './support/template-walk';

const OWN_DOMAIN = {
  name: 'portal.lenslab.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
};

let staging: SynthResult;
let prod: SynthResult;
let withDomain: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
  withDomain = synthPortal({
    stage: 'staging',
    functionCode: 'placeholder',
    override: (definition) => ({ ...definition, domain: OWN_DOMAIN }),
  });
});

const attachments = (result: SynthResult) => {
  const bucket = resourcesOf(result.template, 'AWS::S3::Bucket').AttachmentsBucket;
  if (!bucket) throw new Error('no AttachmentsBucket');
  return bucket;
};

describe('attachments bucket (spec 3: orders/{orderId}/ files)', () => {
  test('keeps the logical id "AttachmentsBucket" and blocks all public access', () => {
    expect(attachments(staging).Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  test('is encrypted at rest and refuses plain HTTP', () => {
    expect(attachments(staging).Properties?.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    const policies = Object.values(resourcesOf(staging.template, 'AWS::S3::BucketPolicy')).filter(
      (p) => render(p.Properties?.Bucket) === '${AttachmentsBucket}',
    );
    const statements = policies.flatMap((p) => (p.Properties?.PolicyDocument as { Statement: object[] }).Statement);
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  test('CORS lets only the portal origin PUT and GET (presigned upload and download)', () => {
    const rules = (attachments(staging).Properties?.CorsConfiguration as { CorsRules: Record<string, unknown>[] })
      .CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]!.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET']));
    expect(rules[0]!.AllowedMethods).not.toContain('DELETE');
    // Without an own domain the portal origin is the CloudFront distribution's domain.
    expect((rules[0]!.AllowedOrigins as unknown[]).map(render)).toEqual([
      expect.stringMatching(/^https:\/\/\$\{WebDistribution[0-9A-F]+\.DomainName\}$/),
    ]);
  });

  test('with an own domain, CORS names exactly that origin', () => {
    const rules = (attachments(withDomain).Properties?.CorsConfiguration as { CorsRules: Record<string, unknown>[] })
      .CorsRules;
    expect(rules[0]!.AllowedOrigins).toEqual(['https://portal.lenslab.example']);
  });

  test('aborts incomplete multipart uploads after a day', () => {
    expect(attachments(staging).Properties?.LifecycleConfiguration).toEqual({
      Rules: [
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
      ],
    });
  });

  test('is retained in prod and deleted with a staging stack', () => {
    expect(attachments(prod).DeletionPolicy).toBe('Retain');
    expect(attachments(staging).DeletionPolicy).toBe('Delete');
  });

  test('its name is fixed per stage, account and region (the CSP names it)', () => {
    expect(render(attachments(staging).Properties?.BucketName)).toBe(
      'lenslab-staging-attachments-${AWS::AccountId}-${AWS::Region}',
    );
  });
});

describe('SES identity', () => {
  test('verifies the sender domain of the stage', () => {
    staging.template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    staging.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'lenslab.example' });
  });

  test('Lambdas learn the sender address through EMAIL_FROM', () => {
    for (const fn of Object.values(resourcesOf(staging.template, 'AWS::Lambda::Function'))) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      if (variables?.STAGE) expect(variables.EMAIL_FROM).toBe('no-reply@lenslab.example');
    }
  });
});
