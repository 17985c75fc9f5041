import { beforeAll, describe, expect, test } from 'vitest';
import { synthPortal, synthWithOwnDomain, type SynthResult } from './support/synth-portal';
import { functionOfRoute, render, resourcesOf } from './support/template-walk';
import { ROUTE_LIST } from '../../core/routes';
import { CONSULT_FILES, ORDER_FILES } from '../../lambdas/ports/attached-files';

let staging: SynthResult;
let prod: SynthResult;
let withDomain: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
  withDomain = synthWithOwnDomain('staging');
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

  const rules = (result: SynthResult) =>
    (attachments(result).Properties?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;

  test('aborts incomplete multipart uploads after a day', () => {
    expect(rules(staging)).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
    );
  });

  test('is versioned: a replaced or deleted file stays recoverable for 30 days, then is gone for good', () => {
    for (const result of [staging, prod]) {
      expect(attachments(result).Properties?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(rules(result)).toContainEqual({
        Id: 'expire-deleted-versions',
        NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        ExpiredObjectDeleteMarker: true,
        Status: 'Enabled',
      });
    }
  });

  test('removes uploads nobody confirmed (incoming/) after a day; no other rule expires current objects', () => {
    expect(rules(staging)).toContainEqual({
      Id: 'expire-unconfirmed-uploads',
      Prefix: 'incoming/',
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
    expect(rules(staging).filter((rule) => 'ExpirationInDays' in rule || 'ExpirationDate' in rule)).toHaveLength(1);
  });

  test('every kind of attached files (orders, consults) puts its unconfirmed uploads below that rule’s prefix', () => {
    const rule = rules(staging).find((r) => r.Id === 'expire-unconfirmed-uploads');
    for (const folder of [ORDER_FILES, CONSULT_FILES]) {
      expect(folder.incomingPrefix.startsWith(String(rule?.Prefix))).toBe(true);
      // Confirmed files are never below it (they would expire).
      expect(folder.prefix.startsWith(String(rule?.Prefix))).toBe(false);
    }
  });

  test('logs every request to an access-log bucket: private, TLS-only, kept as long as the function logs', () => {
    const buckets = resourcesOf(prod.template, 'AWS::S3::Bucket');
    const logging = attachments(prod).Properties?.LoggingConfiguration as {
      DestinationBucketName: unknown;
      LogFilePrefix: string;
    };
    expect(logging.LogFilePrefix).toBe('attachments/');
    const logsId = /^\$\{(\w+)\}$/.exec(render(logging.DestinationBucketName))?.[1];
    const logs = buckets[logsId!];
    expect(logs?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: expect.any(Number) })] },
    });
    expect(logs?.DeletionPolicy).toBe('Retain');
    const policy = Object.values(resourcesOf(prod.template, 'AWS::S3::BucketPolicy')).find(
      (p) => render(p.Properties?.Bucket) === `\${${logsId}}`,
    );
    const statements = (policy?.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'logging.s3.amazonaws.com' } }),
    );
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

  test('Lambdas that send email learn the sender address through EMAIL_FROM; the others do not get it', () => {
    for (const route of ROUTE_LIST) {
      const { fn } = functionOfRoute(staging.template, route.name);
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      const knowsSender = route.resources.email || route.resources.senderAddress;
      expect(variables.EMAIL_FROM, route.name).toBe(knowsSender ? 'no-reply@lenslab.example' : undefined);
    }
  });
});
