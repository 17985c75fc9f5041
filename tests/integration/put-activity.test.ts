import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sdkDocumentClient } from '../support/dynamo-rows';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { activityReport } from '../support/activity-report';

type Handler = typeof import('../../lambdas/handlers/activity/put-activity').handler;
let putActivity: Handler;
let getMyActivity: Handler;
/** Arranges a stored record last synced at `lastSync` (as if written that long ago). */
let ageStoredSync: (userId: string, lastSync: number) => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  putActivity = (await import('../../lambdas/handlers/activity/put-activity')).handler;
  getMyActivity = (await import('../../lambdas/handlers/activity/get-my-activity')).handler;
  const dynamo = await import('../../lambdas/adapters/dynamo-client');
  ageStoredSync = async (userId, lastSync) => {
    await sdkDocumentClient().send(
      new UpdateCommand({
        TableName: dynamo.tableName('userActivity'),
        Key: { userId },
        UpdateExpression: 'SET lastSync = :lastSync',
        ExpressionAttributeValues: { ':lastSync': lastSync },
      }),
    );
  };
});

const report = (lastActivity: number, extra: Record<string, unknown> = {}) =>
  activityReport(lastActivity, { deviceId: 'device-it-0001', sessionId: 'session-it-0001', ...extra });

async function put(token: string, data: unknown) {
  const res = await putActivity(callableEvent('putActivity', { token, data }));
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
}
async function mine(token: string) {
  return JSON.parse((await getMyActivity(callableEvent('getMyActivity', { token }))).body ?? '{}').result.activity;
}

describe('putActivity and getMyActivity against the emulators (spec 3, 7, 9)', () => {
  it("stores the caller's own record from the token, whatever userId the body names", async () => {
    const user = await createTestUser(['customer']);
    const victim = await createTestUser(['customer']);
    const token = await signIn(user);
    const now = Date.now();
    const res = await put(token, report(now, { userId: victim.userId, immediate: true }));
    expect(res.body.result.written).toBe(true);
    expect(await mine(token)).toMatchObject({ userId: user.userId, userEmail: user.email, userRole: 'customer' });
    expect(await mine(await signIn(victim))).toBeNull();
  });

  it('spec 7, 9: concurrent tabs cannot write more than once per 30 s; an immediate write still goes through', async () => {
    const user = await createTestUser(['customer']);
    const token = await signIn(user);
    const now = Date.now();
    await put(token, report(now - 5000, { immediate: true })); // the login write
    const tabs = await Promise.all([1, 2, 3, 4, 5].map((i) => put(token, report(now - 5000 + i))));
    expect(tabs.every((t) => t.status === 200)).toBe(true);
    expect(tabs.filter((t) => t.body.result.written)).toHaveLength(0);
    const continued = await put(token, report(now, { immediate: true }));
    expect(continued.body.result.written).toBe(true);
    expect((await mine(token)).lastActivity).toBe(now);
  });

  it('spec 7, 9: once the 30 s have passed, exactly one of several concurrent tabs writes', async () => {
    const user = await createTestUser(['admin', 'superadmin']);
    const token = await signIn(user);
    const now = Date.now();
    await put(token, report(now - 60_000, { immediate: true }));
    await ageStoredSync(user.userId, now - 31_000);
    const tabs = await Promise.all([1, 2, 3, 4, 5].map((i) => put(token, report(now - 1000 + i))));
    expect(tabs.filter((t) => t.body.result.written)).toHaveLength(1);
    expect((await mine(token)).userRole).toBe('superadmin');
  });

  it('is served by the local gateway at POST /api/putActivity and /api/getMyActivity', async () => {
    const demo = inject('demoUsers').find((u) => u.key === 'admin')!;
    const token = await signIn(demo);
    const post = (name: string, data: unknown) =>
      fetch(`${inject('urls').api}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ data }),
      });
    const now = Date.now();
    expect((await post('putActivity', report(now, { immediate: true }))).status).toBe(200);
    const answer = (await (await post('getMyActivity', {})).json()) as {
      result: { activity: { lastActivity: number } };
    };
    expect(answer.result.activity.lastActivity).toBe(now);
  });
});
