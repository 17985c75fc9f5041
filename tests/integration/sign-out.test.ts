import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { sdkDocumentClient } from '../support/dynamo-rows';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn, type TestUser } from '../support/cognito-test-users';
import { callApi } from './helpers/call-api';
import { cognitoRequest, signInWithPassword, type Tokens } from './helpers/demo-users';

type Handler = typeof import('../../lambdas/handlers/auth/sign-out').handler;
let signOut: Handler;
let getMyProfile: Handler;
let revocationRow: (userId: string) => Promise<Record<string, unknown> | undefined>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  const dynamo = await import('../../lambdas/adapters/dynamo-client');
  signOut = (await import('../../lambdas/handlers/auth/sign-out')).handler;
  getMyProfile = (await import('../../lambdas/handlers/profile/get-my-profile')).handler;
  revocationRow = async (userId) =>
    (
      await sdkDocumentClient().send(
        new GetCommand({ TableName: dynamo.tableName('tokens'), Key: { pk: `revoked#${userId}` } }),
      )
    ).Item;
});

const status = async (handler: Handler, name: string, token: string, data: unknown = {}) =>
  (await handler(callableEvent(name, { token, data }))).statusCode;

async function bridge(operation: string, body: unknown) {
  const res = await cognitoRequest(operation, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const refresh = (tokens: Tokens) =>
  bridge('GetTokensFromRefreshToken', {
    ClientId: inject('env').USER_POOL_CLIENT_ID,
    RefreshToken: tokens.RefreshToken,
  });

describe('Log Out ends this device only, precise to the token (docs/decisions/0019-sign-out-per-device.md)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(['customer']);
  });
  const signInTokens = () => signInWithPassword(user.email, user.password);

  it('tokens carry origin_jti, and a refresh keeps it and the sign-in time, as in Cognito', async () => {
    const tokens = await signInTokens();
    const claims = decodeJwt(tokens.IdToken);
    expect(claims['origin_jti']).toEqual(expect.any(String));
    expect(decodeJwt(tokens.AccessToken)['origin_jti']).toBe(claims['origin_jti']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await refresh(tokens);
    expect(refreshed.status).toBe(200);
    const result = refreshed.body['AuthenticationResult'] as Tokens;
    expect(decodeJwt(result.IdToken)['origin_jti']).toBe(claims['origin_jti']);
    expect(decodeJwt(result.IdToken)['auth_time']).toBe(claims['auth_time']);
    expect(await status(getMyProfile, 'getMyProfile', result.IdToken)).toBe(200);
  });

  it('sign out on one client, sign in on another within 100 ms: the new session answers 200, the old one 401', async () => {
    const laptop = await signInTokens();
    const desktop = await signInTokens();
    expect((await callApi('signOut', { data: {} }, laptop.IdToken)).status).toBe(200);
    const started = Date.now();
    const phone = await signInTokens();
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await callApi('getMyProfile', { data: {} }, phone.IdToken)).status).toBe(200);
    expect((await callApi('getMyProfile', { data: {} }, desktop.IdToken)).status).toBe(200);
    const refused = await callApi('getMyProfile', { data: {} }, laptop.IdToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error.status).toBe('unauthenticated');
  });

  it('a refresh of the signed-out session mints tokens the API still refuses; a revoked refresh token mints none', async () => {
    const tokens = await signInTokens();
    expect(await status(signOut, 'signOut', tokens.IdToken)).toBe(200);
    const refreshed = await refresh(tokens);
    const minted = (refreshed.body['AuthenticationResult'] as Tokens | undefined)?.IdToken;
    if (minted) expect(await status(getMyProfile, 'getMyProfile', minted)).toBe(401);
    // What the browser's Log Out does next (Amplify's signOut: RevokeToken with the refresh token).
    const revoked = await bridge('RevokeToken', {
      ClientId: inject('env').USER_POOL_CLIENT_ID,
      Token: tokens.RefreshToken,
    });
    expect(revoked.status).toBe(200);
    expect((await refresh(tokens)).status).toBe(400);
  });
});

describe('Sign out everywhere ends every session of the user', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(['customer']);
  });

  it('every saved token is refused afterwards, refreshed ones too, and a sign-in after the answer works', async () => {
    const other = await signInWithPassword(user.email, user.password);
    const saved = await signIn(user);
    expect(await status(getMyProfile, 'getMyProfile', saved)).toBe(200);

    expect(await status(signOut, 'signOut', saved, { everywhere: true })).toBe(200);
    const row = await revocationRow(user.userId);
    expect(row?.['revokedAt']).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    expect(row?.['expiresAt']).toBeGreaterThan(Number(row?.['revokedAt']) + 3600);

    const refused = await getMyProfile(callableEvent('getMyProfile', { token: saved }));
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body ?? '{}').error).toMatchObject({ status: 'unauthenticated' });
    expect(await status(getMyProfile, 'getMyProfile', other.IdToken)).toBe(401);
    const refreshed = (await refresh(other)).body['AuthenticationResult'] as Tokens | undefined;
    if (refreshed) expect(await status(getMyProfile, 'getMyProfile', refreshed.IdToken)).toBe(401);

    // No waiting: the answer came once the revoked second was over.
    const fresh = await signIn(user);
    expect(await status(getMyProfile, 'getMyProfile', fresh)).toBe(200);
  });

  it("one user signing out everywhere does not end another user's session", async () => {
    const other = await createTestUser(['admin']);
    const otherToken = await signIn(other);
    await signOut(callableEvent('signOut', { token: await signIn(user), data: { everywhere: true } }));
    expect(await status(getMyProfile, 'getMyProfile', otherToken)).toBe(200);
  });
});
