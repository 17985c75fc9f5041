import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDITED_COGNITO_CALLS } from '../../../../core/schemas/audit';
import { InMemoryAuditLog } from '../../../support/in-memory-audit';
import {
  constructedAdminGlobalSignOut,
  constructedGlobalSignOut,
  constructedInitiateAuthRefused,
  constructedPasswordVerifierRefused,
  DOCUMENTED_EXAMPLES,
  DOCUMENTED_SUB,
  viaEventBridge,
} from './cognito-cloudtrail-fixture';

/** The AWS side of the sign-in events: Cognito's trigger and CloudTrail's calls. */
const store = new InMemoryAuditLog();
/** Who the consumer looked up in the pool, in order. */
const looked: string[] = [];
const USERS: Record<string, { userId: string; email: string; firstName: string; lastName: string }> = {
  'sub-lara': { userId: 'sub-lara', email: 'lara@lab.test', firstName: 'Lara', lastName: 'Test' },
  [DOCUMENTED_SUB]: { userId: DOCUMENTED_SUB, email: 'mia@lab.test', firstName: 'Mia', lastName: 'Test' },
};
vi.mock('../../../../lambdas/adapters/dynamo-audit-log', () => ({ dynamoAuditLog: () => store }));
vi.mock('../../../../lambdas/adapters/cognito-admin-directory', () => ({
  cognitoAdminDirectory: () => ({
    getUser: async (id: string) => {
      looked.push(id);
      return USERS[id] ?? null;
    },
    groupsOf: async () => ['admin'],
  }),
}));
const { handler } = await import('../../../../lambdas/events/auth-audit');

beforeEach(() => {
  store.events.length = 0;
  looked.length = 0;
  vi.stubEnv('USER_POOL_ID', 'us-east-1_Ours');
  vi.stubEnv('USER_POOL_CLIENT_ID', 'our-web-client');
});
afterEach(() => {
  vi.unstubAllEnvs();
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
      requestParameters: {
        authFlow: 'USER_SRP_AUTH',
        authParameters: 'HIDDEN_DUE_TO_SECURITY_REASONS',
        clientId: 'our-web-client',
      },
      additionalEventData: { sub: 'sub-lara' },
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
        username: 'HIDDEN_DUE_TO_SECURITY_REASONS',
        softwareTokenMfaSettings: { enabled: false },
      },
      additionalEventData: { sub: 'sub-lara' },
    });
    await call({
      eventName: 'AdminUserGlobalSignOut',
      requestParameters: { userPoolId: 'us-east-1_Ours', username: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
      additionalEventData: { sub: 'sub-lara' },
    });
    expect(store.events.map((e) => [e.action, e.actor?.email, e.after])).toEqual([
      ['auth.mfa-removed', 'lara@lab.test', { factor: 'authenticator app', by: 'the lab' }],
      ['auth.sign-out', 'lara@lab.test', { scope: 'every session', by: 'the lab' }],
    ]);
  });
});

const apiCall = (detail: Record<string, unknown>) => handler(viaEventBridge(detail, 'AWS API Call via CloudTrail'));

describe("Cognito's documented example events (hosted UI), as documented", () => {
  it('are none of the calls the rule takes, and arrive under another detail-type', () => {
    for (const example of DOCUMENTED_EXAMPLES) {
      expect(example.eventType, example.eventName).toBe('AwsServiceEvent');
      expect(AUDITED_COGNITO_CALLS as readonly string[], example.eventName).not.toContain(example.eventName);
    }
  });

  it('even if delivered to the consumer, none becomes an audit entry', async () => {
    for (const example of DOCUMENTED_EXAMPLES) {
      await handler(viaEventBridge(example, 'AWS Service Event via CloudTrail'));
    }
    expect(store.events).toEqual([]);
  });

  it("an empty errorCode (the sign-in page's example) is not a failure", async () => {
    // The documented Login_GET record with only its name changed to a call the mapping records: `errorCode: ""`
    // must read as success, and a successful sign-in call is left to the trigger.
    await apiCall({ ...DOCUMENTED_EXAMPLES[0], eventName: 'InitiateAuth', requestParameters: null });
    await apiCall({ ...DOCUMENTED_EXAMPLES[0], eventName: 'GlobalSignOut', requestParameters: null });
    expect(store.events.map((e) => e.action)).toEqual(['auth.sign-out']);
  });
});

describe('the audited calls, as AWS says CloudTrail records them', () => {
  it("a refused password on InitiateAuth is a failed sign-in of the sub's owner, with Cognito's reason", async () => {
    await apiCall(constructedInitiateAuthRefused('our-web-client'));
    expect(store.events).toMatchObject([
      {
        kind: 'auth',
        action: 'auth.sign-in-failed',
        actor: { userId: DOCUMENTED_SUB, email: 'mia@lab.test', groups: ['admin'] },
        target: { type: 'user', id: DOCUMENTED_SUB },
        route: 'cognito:InitiateAuth',
        eventId: 'c0000000-0000-4000-8000-000000000001',
        at: '2026-12-02T03:00:00.000Z',
        sourceIp: '192.0.2.1',
        after: { step: 'password', reason: 'NotAuthorizedException' },
      },
    ]);
  });

  it("the SRP sign-in's refused password (RespondToAuthChallenge, PASSWORD_VERIFIER) is a failed password step", async () => {
    await apiCall(constructedPasswordVerifierRefused('our-web-client', DOCUMENTED_SUB));
    expect(store.events.map((e) => [e.action, e.actor?.userId, e.after])).toEqual([
      ['auth.sign-in-failed', DOCUMENTED_SUB, { step: 'password', reason: 'NotAuthorizedException' }],
    ]);
  });

  it('a refusal on an account Cognito does not know (no sub) is recorded without naming anyone', async () => {
    await apiCall(constructedPasswordVerifierRefused('our-web-client'));
    expect(store.events).toMatchObject([{ action: 'auth.sign-in-failed', actor: null, target: { id: 'unknown' } }]);
    expect(JSON.stringify(store.events)).not.toContain('HIDDEN_');
  });

  it("a sign-in call through another stage's app client is not this stage's to record", async () => {
    await apiCall(constructedInitiateAuthRefused('anotherstagesclient000000'));
    expect(store.events).toEqual([]);
    expect(looked).toEqual([]);
  });

  it('a call that names no pool or client counts only when its sub is a user of this pool', async () => {
    await apiCall(constructedGlobalSignOut('0b6c2a1e-another-pools-user'));
    expect(store.events).toEqual([]);
    await apiCall(constructedGlobalSignOut(DOCUMENTED_SUB));
    expect(store.events).toMatchObject([
      { action: 'auth.sign-out', actor: { userId: DOCUMENTED_SUB }, after: { scope: 'every session' } },
    ]);
  });

  it('an admin call names the user by sub; the hidden user name, in either spelling, is never looked up', async () => {
    await apiCall(constructedAdminGlobalSignOut('us-east-1_Ours'));
    expect(looked).toEqual([DOCUMENTED_SUB]);
    expect(store.events).toMatchObject([
      { action: 'auth.sign-out', actor: { email: 'mia@lab.test' }, after: { scope: 'every session', by: 'the lab' } },
    ]);
    await apiCall({
      ...constructedAdminGlobalSignOut('us-east-1_Ours'),
      eventID: 'c0000000-0000-4000-8000-000000000005',
      additionalEventData: {},
    });
    expect(looked).toEqual([DOCUMENTED_SUB]);
    expect(store.events[1]).toMatchObject({ actor: null, target: { id: 'unknown' } });
  });

  it("an admin call on another stage's pool is ignored before anyone is looked up", async () => {
    await apiCall(constructedAdminGlobalSignOut('us-east-1_Other'));
    expect(store.events).toEqual([]);
    expect(looked).toEqual([]);
  });
});
