import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sdkDocumentClient } from '../support/dynamo-rows';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn } from '../support/cognito-test-users';

type Handler = typeof import('../../lambdas/handlers/profile/accept-terms').handler;
let acceptTerms: Handler;
let dynamo: typeof import('../../lambdas/adapters/dynamo-client');

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  acceptTerms = (await import('../../lambdas/handlers/profile/accept-terms')).handler;
  dynamo = await import('../../lambdas/adapters/dynamo-client');
});

async function call(token?: string) {
  const res = await acceptTerms(callableEvent('acceptTerms', token ? { token } : {}));
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
}

describe('acceptTerms against the emulators (spec 4, 5)', () => {
  it("records the acceptance on the caller's own record, once", async () => {
    const user = await createTestUser(['customer']);
    await sdkDocumentClient().send(
      new PutCommand({
        TableName: dynamo.tableName('users'),
        Item: { userId: user.userId, email: user.email, accountNumbers: [], termsAccepted: false, version: 2 },
      }),
    );
    const token = await signIn(user);
    const first = await call(token);
    expect(first.status).toBe(200);
    expect(first.body.result.termsAccepted).toBe(true);
    const second = await call(token);
    expect(second.body.result.termsAcceptedDate).toBe(first.body.result.termsAcceptedDate);
    const { Item } = await sdkDocumentClient().send(
      new GetCommand({ TableName: dynamo.tableName('users'), Key: { userId: user.userId } }),
    );
    expect(Item).toMatchObject({
      termsAccepted: true,
      termsAcceptedDate: first.body.result.termsAcceptedDate,
      version: 3,
    });
  });

  it('spec 5: a user without a record gets "User data not found"', async () => {
    const admin = await createTestUser(['admin']);
    const res = await call(await signIn(admin));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('User data not found');
  });

  it('spec 5: no signed-in user is refused as unauthenticated', async () => {
    expect((await call()).status).toBe(401);
  });
});
