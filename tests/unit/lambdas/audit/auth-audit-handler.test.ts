import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryAuditLog } from '../../../support/in-memory-audit';

/** The AWS side of the sign-in events: Cognito's trigger and CloudTrail's calls. */
const store = new InMemoryAuditLog();
vi.mock('../../../../lambdas/adapters/dynamo-audit-log', () => ({ dynamoAuditLog: () => store }));
vi.mock('../../../../lambdas/adapters/cognito-admin-directory', () => ({
  cognitoAdminDirectory: () => ({
    getUser: async (id: string) =>
      id === 'sub-lara' ? { userId: 'sub-lara', email: 'lara@lab.test', firstName: 'Lara', lastName: 'Test' } : null,
    groupsOf: async () => ['admin'],
  }),
}));
const { handler } = await import('../../../../lambdas/events/auth-audit');

beforeEach(() => {
  store.events.length = 0;
  process.env['USER_POOL_ID'] = 'us-east-1_Ours';
});

const call = (detail: Record<string, unknown>) =>
  handler({
    id: 'ev-1',
    version: '0',
    account: '1',
    time: '2026-12-02T03:00:00Z',
    region: 'us-east-1',
    resources: [],
    source: 'aws.cognito-idp',
    'detail-type': 'AWS API Call via CloudTrail',
    detail: {
      eventID: `ct-${Math.random()}`,
      eventTime: '2026-12-02T03:00:00Z',
      sourceIPAddress: '198.51.100.7',
      ...detail,
    },
  });

describe('Cognito post authentication trigger', () => {
  it('records the sign-in and hands the event back to Cognito unchanged', async () => {
    const event = {
      version: '1',
      triggerSource: 'PostAuthentication_Authentication',
      region: 'us-east-1',
      userPoolId: 'us-east-1_Ours',
      userName: 'sub-lara',
      callerContext: { awsSdkVersion: '1', clientId: 'c' },
      request: { userAttributes: { sub: 'sub-lara', email: 'lara@lab.test' }, newDeviceUsed: false },
      response: {},
    } as unknown as PostAuthenticationTriggerEvent;
    expect(await handler(event)).toBe(event);
    expect(store.events).toMatchObject([
      {
        kind: 'auth',
        action: 'auth.sign-in',
        actor: { userId: 'sub-lara', email: 'lara@lab.test' },
        route: 'cognito:PostAuthentication',
      },
    ]);
  });

  it('a failing audit store never fails the sign-in', async () => {
    store.failWith = new Error('throttled');
    const event = {
      triggerSource: 'PostAuthentication_Authentication',
      request: { userAttributes: { sub: 'sub-lara', email: 'lara@lab.test' } },
      response: {},
    } as unknown as PostAuthenticationTriggerEvent;
    try {
      expect(await handler(event)).toBe(event);
    } finally {
      store.failWith = null;
    }
  });
});

describe('CloudTrail calls of the user pool', () => {
  it("a refused sign-in is recorded under the account's owner, read from the pool by the sub CloudTrail names", async () => {
    await call({
      eventName: 'InitiateAuth',
      errorCode: 'NotAuthorizedException',
      requestParameters: { authFlow: 'USER_SRP_AUTH', authParameters: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
      additionalEventData: { sub: 'sub-lara', userPoolId: 'us-east-1_Ours' },
    });
    expect(store.events).toMatchObject([
      {
        action: 'auth.sign-in-failed',
        actor: { userId: 'sub-lara', email: 'lara@lab.test', groups: ['admin'] },
        sourceIp: '198.51.100.7',
        at: '2026-12-02T03:00:00.000Z',
        after: { step: 'password', reason: 'NotAuthorizedException' },
      },
    ]);
  });

  it('a successful sign-in call is left to the trigger; another stage pool is ignored', async () => {
    await call({ eventName: 'InitiateAuth', requestParameters: { authFlow: 'USER_SRP_AUTH' } });
    await call({
      eventName: 'AdminUserGlobalSignOut',
      requestParameters: { userPoolId: 'us-east-1_Other', username: 'sub-lara' },
    });
    expect(store.events).toEqual([]);
  });

  it('an authenticator removed by the lab and a sign-out everywhere are recorded', async () => {
    await call({
      eventName: 'AdminSetUserMFAPreference',
      requestParameters: {
        userPoolId: 'us-east-1_Ours',
        username: 'sub-lara',
        softwareTokenMfaSettings: { enabled: false },
      },
    });
    await call({
      eventName: 'AdminUserGlobalSignOut',
      requestParameters: { userPoolId: 'us-east-1_Ours', username: 'sub-lara' },
    });
    expect(store.events.map((e) => [e.action, e.actor?.email, e.after])).toEqual([
      ['auth.mfa-removed', 'lara@lab.test', { factor: 'authenticator app', by: 'the lab' }],
      ['auth.sign-out', 'lara@lab.test', { scope: 'every session', by: 'the lab' }],
    ]);
  });
});
