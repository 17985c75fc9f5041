import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FOREIGN_HOST_MESSAGE } from '../../local/process/host-check';
import { createTestUser } from '../support/cognito-test-users';
import { demoUser } from './helpers/demo-users';

const poolId = env.USER_POOL_ID!;
const clientId = env.USER_POOL_CLIENT_ID!;
const TARGET = 'AWSCognitoIdentityProviderService.';

/** One request with exactly this Host header (fetch would set its own). */
function withHost(url: string, host: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const req = request({ host: '127.0.0.1', port, method, path: '/', headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One Cognito call as any local process could make it: no credentials, or the ones every emulator shares. */
const unsignedCall = (url: string, operation: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET + operation },
    body: JSON.stringify(body),
  });

/** The stack's own credentials, as the Lambdas have them in their environment. */
const stackClient = () => new CognitoIdentityProviderClient({});

describe('local stack boundary: every listener of the local stack refuses a foreign Host (DNS rebinding)', () => {
  const services = Object.entries(urls).filter(([name]) => name !== 'web'); // the web server: local-stack-loopback
  it.each(services)(
    '%s answers 403 to Host rebound.evil.example:<its port>, and serves its own Host',
    async (_n, url) => {
      const { port } = new URL(url);
      const foreign = await withHost(url, `rebound.evil.example:${port}`);
      expect(foreign.status).toBe(403);
      expect(foreign.body).toContain(FOREIGN_HOST_MESSAGE);
      expect((await withHost(url, `127.0.0.1:${port}`)).status).not.toBe(403);
    },
  );
});

describe("local stack boundary: the bridge's admin operations need the stack's own secret", () => {
  it("AdminAddUserToGroup unsigned, or signed with the emulators' shared S3RVER key, is refused and changes nothing", async () => {
    const user = await createTestUser(['customer']);
    const add = { UserPoolId: poolId, Username: user.userId, GroupName: 'superadmin' };
    const unsigned = await unsignedCall(urls.cognito, 'AdminAddUserToGroup', add);
    expect(unsigned.status).toBe(403);
    expect(((await unsigned.json()) as { __type: string }).__type).toBe('MissingAuthenticationTokenException');

    const shared = new CognitoIdentityProviderClient({
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(shared.send(new AdminAddUserToGroupCommand(add))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });

    const groups = await stackClient().send(
      new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: user.userId }),
    );
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['customer']);
  });
});

describe("local stack boundary: no tokens around the bridge on cognito-local's published port", () => {
  const signInThere = (email: string, password: string) =>
    unsignedCall(urls.cognitoEmulator, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });

  it("lab staff get no tokens there (the second factor is the bridge's), and the issuer's JWKS is still served", async () => {
    const admin = demoUser('admin');
    const answer = await signInThere(admin.email, admin.password);
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain('IdToken');
    const jwks = await fetch(`${env.USER_POOL_ISSUER}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });

  it('a disabled user gets no tokens there either', async () => {
    const user = await createTestUser(['customer']);
    await stackClient().send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: user.userId }));
    const answer = await signInThere(user.email, user.password);
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain('IdToken');
  });
});
