import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { sdkDocumentClient } from '../support/dynamo-rows';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn, type TestUser } from '../support/cognito-test-users';

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

const status = async (handler: Handler, name: string, token: string) =>
  (await handler(callableEvent(name, { token }))).statusCode;
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

describe('signOut against the emulators: sessions end server-side', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(['customer']);
  });

  it('a token saved before signOut is refused afterwards on every route, and a fresh sign-in works', async () => {
    const saved = await signIn(user);
    expect(await status(getMyProfile, 'getMyProfile', saved)).toBe(200);

    expect(await status(signOut, 'signOut', saved)).toBe(200);
    const row = await revocationRow(user.userId);
    expect(row?.['revokedAt']).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    expect(row?.['expiresAt']).toBeGreaterThan(Number(row?.['revokedAt']) + 3600);

    const refused = await getMyProfile(callableEvent('getMyProfile', { token: saved }));
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body ?? '{}').error).toMatchObject({ status: 'unauthenticated' });
    expect(await status(signOut, 'signOut', saved)).toBe(401);

    await nextSecond(); // tokens carry whole seconds: one signed in during the sign-out's second is refused too
    const fresh = await signIn(user);
    expect(await status(getMyProfile, 'getMyProfile', fresh)).toBe(200);
  });

  it("one user signing out does not end another user's session", async () => {
    const other = await createTestUser(['admin']);
    const otherToken = await signIn(other);
    await signOut(callableEvent('signOut', { token: await signIn(user) }));
    expect(await status(getMyProfile, 'getMyProfile', otherToken)).toBe(200);
  });
});
