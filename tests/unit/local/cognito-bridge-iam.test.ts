import { AwsClient } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import { CognitoError } from '../../../local/cognito-bridge/cognito-error';
import { requireStackSignature, type SignedRequest } from '../../../local/cognito-bridge/rules/iam-signature';

const STACK = { accessKeyId: 'S3RVER', secretAccessKey: 'secret-made-at-this-start' };
const BRIDGE = 'http://127.0.0.1:4802/';

/** A request as the Lambdas' adapters (aws4fetch) send it, read back the way the bridge receives it. */
async function signed(
  operation: string,
  credentials = STACK,
  body = '{"UserPoolId":"local_pool","Username":"u","GroupName":"superadmin"}',
): Promise<SignedRequest> {
  const client = new AwsClient({ ...credentials, service: 'cognito-idp', region: 'us-east-1' });
  const request = await client.sign(BRIDGE, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body,
  });
  const headers: Record<string, string> = { host: '127.0.0.1:4802' };
  request.headers.forEach((value, name) => (headers[name] = value));
  return { method: 'POST', target: '/', headers, body };
}

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof CognitoError) return error.type;
    throw error;
  }
  return null;
};

describe("local stack boundary: the bridge's admin operations need the stack's own secret", () => {
  it('an Admin operation signed with the stack credentials passes', async () => {
    const request = await signed('AdminAddUserToGroup');
    expect(refusal(() => requireStackSignature('AdminAddUserToGroup', request, STACK))).toBeNull();
  });

  it.each(['AdminAddUserToGroup', 'AdminInitiateAuth', 'AdminSetUserPassword', 'ListUsers', 'CreateGroup'])(
    '%s without a signature is refused (MissingAuthenticationTokenException)',
    (operation) => {
      const request: SignedRequest = { method: 'POST', target: '/', headers: { host: '127.0.0.1:4802' }, body: '{}' };
      expect(refusal(() => requireStackSignature(operation, request, STACK))).toBe(
        'MissingAuthenticationTokenException',
      );
    },
  );

  it('signed with the well-known emulator secret (S3RVER/S3RVER) is refused', async () => {
    const request = await signed('AdminAddUserToGroup', { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    expect(refusal(() => requireStackSignature('AdminAddUserToGroup', request, STACK))).toBe(
      'InvalidSignatureException',
    );
  });

  it('another access key id is refused', async () => {
    const request = await signed('AdminAddUserToGroup', { ...STACK, accessKeyId: 'AKIDOTHER' });
    expect(refusal(() => requireStackSignature('AdminAddUserToGroup', request, STACK))).toBe(
      'UnrecognizedClientException',
    );
  });

  it('a signed body changed on the way (another group) is refused', async () => {
    const request = await signed('AdminAddUserToGroup');
    const tampered = { ...request, body: request.body.replace('superadmin', 'admin') };
    expect(refusal(() => requireStackSignature('AdminAddUserToGroup', tampered, STACK))).toBe(
      'InvalidSignatureException',
    );
  });

  it('a signature older than 15 minutes is refused (no replay of a captured request)', async () => {
    const request = await signed('AdminAddUserToGroup');
    const later = Date.now() + 16 * 60 * 1000;
    expect(refusal(() => requireStackSignature('AdminAddUserToGroup', request, STACK, later))).toBe(
      'InvalidSignatureException',
    );
  });

  it.each(['InitiateAuth', 'RespondToAuthChallenge', 'GetTokensFromRefreshToken', 'ForgotPassword', 'GetUser'])(
    'the client operation %s needs no signature, as in Cognito',
    (operation) => {
      const request: SignedRequest = { method: 'POST', target: '/', headers: {}, body: '{}' };
      expect(refusal(() => requireStackSignature(operation, request, STACK))).toBeNull();
    },
  );
});
