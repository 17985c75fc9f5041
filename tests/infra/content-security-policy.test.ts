import { describe, expect, test } from 'vitest';
import { buildContentSecurityPolicy, TERMS_DOCUMENT_CSP } from '../../infra/build-content-security-policy';

const AWS = {
  cognitoOrigin: 'https://cognito-idp.eu-west-1.amazonaws.com',
  attachmentsOrigin: 'https://attachments.s3.eu-west-1.amazonaws.com',
};
const LOCAL = {
  cognitoOrigin: 'http://127.0.0.1:4802',
  attachmentsOrigin: 'http://127.0.0.1:4805',
  upgradeInsecureRequests: false,
};
const directives = (csp: string) => csp.split('; ');

describe('the one Content-Security-Policy builder (CloudFront and the local web server)', () => {
  test('by default browsers upgrade http subresources to https (CloudFront serves https only)', () => {
    expect(directives(buildContentSecurityPolicy(AWS))).toContain('upgrade-insecure-requests');
  });

  test('the local policy leaves out upgrade-insecure-requests and changes nothing else', () => {
    const local = directives(buildContentSecurityPolicy(LOCAL));
    expect(local).not.toContain('upgrade-insecure-requests');
    const awsWithLocalOrigins = buildContentSecurityPolicy({ ...LOCAL, upgradeInsecureRequests: true });
    expect(directives(awsWithLocalOrigins).filter((d) => d !== 'upgrade-insecure-requests')).toEqual(local);
  });

  test('the local policy lets the browser connect only to the portal, the Cognito bridge and s3rver', () => {
    const local = directives(buildContentSecurityPolicy(LOCAL));
    expect(local).toContain("connect-src 'self' http://127.0.0.1:4802 http://127.0.0.1:4805");
    expect(local).toContain("img-src 'self' data: blob: http://127.0.0.1:4805");
    expect(local.join('; ')).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  test('the terms document keeps its own policy: only the portal may frame it (spec 2 Terms page)', () => {
    expect(TERMS_DOCUMENT_CSP).toBe("frame-ancestors 'self'");
  });
});
