import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEvent } from '../../core/schemas/audit';
import { caller } from '../support/api-call';
import { createTestUser, signIn, TEST_PASSWORD, uniqueEmail, type TestUser } from '../support/cognito-test-users';

/**
 * Sign-in events in the audit trail through the local Cognito bridge: every sign-in request
 * and its answer pass the bridge, which writes the entries Cognito's trigger and CloudTrail give in AWS.
 */
const urls = inject('urls');
let asSuper: ReturnType<typeof caller>;
let cognito: CognitoIdentityProviderClient;
const clientId = () => process.env['USER_POOL_CLIENT_ID'];

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  cognito = new CognitoIdentityProviderClient({});
  const superAdmin = await createTestUser(['admin', 'superadmin'], uniqueEmail('signin-auditor'));
  asSuper = caller(urls.api, await signIn(superAdmin));
});

async function entriesOf(email: string): Promise<AuditEvent[]> {
  const res = await asSuper('listAuditEvents', { user: email, limit: 100 });
  expect(res.status).toBe(200);
  return (res.body.result.items as AuditEvent[]).filter((e) => e.kind === 'auth');
}

const passwordSignIn = (email: string, password: string) =>
  cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => error.name,
  );

describe('the audit trail records sign-in events', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(['customer'], uniqueEmail('signin-audit'));
  });

  it('a sign-in, a failed sign-in, a password change and a sign-out appear on listAuditEvents under the user', async () => {
    expect(await refusal(passwordSignIn(user.email, 'Wrong!Password1'))).toBe('NotAuthorizedException');
    const tokens = (await passwordSignIn(user.email, TEST_PASSWORD)).AuthenticationResult!;
    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: tokens.AccessToken,
        PreviousPassword: TEST_PASSWORD,
        ProposedPassword: 'Lens!Changed2026',
      }),
    );
    await cognito.send(new RevokeTokenCommand({ ClientId: clientId(), Token: tokens.RefreshToken }));

    const entries = await entriesOf(user.email);
    // Newest first; the oldest is the password the test helper set with the admin API.
    expect(entries.map((e) => e.action)).toEqual([
      'auth.sign-out',
      'auth.password-change',
      'auth.sign-in',
      'auth.sign-in-failed',
      'auth.password-change',
    ]);
    expect(entries[4]!.after).toEqual({ via: 'set by the lab' });
    expect(entries[1]!.after).toEqual({ via: 'settings (current password)' });
    expect(entries[2]!.actor?.groups).toEqual(['customer']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: { userId: user.userId, email: user.email },
        target: { type: 'user', id: user.userId },
      });
      expect(entry.sourceIp).not.toBe('');
    }
    expect(entries[3]).toMatchObject({
      route: 'cognito:InitiateAuth',
      after: { step: 'password', reason: 'NotAuthorizedException' },
    });
    expect(entries[0]).toMatchObject({ route: 'cognito:RevokeToken', after: { scope: 'this device' } });
    const stored = JSON.stringify(entries);
    for (const secret of ['Wrong!Password1', TEST_PASSWORD, 'Lens!Changed2026', tokens.RefreshToken!]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("staff: setting up the authenticator and a wrong code at sign-in are recorded, with the user's groups on sign-in", async () => {
    const staff = await createTestUser(['admin'], uniqueEmail('signin-audit-staff'));
    const step = await passwordSignIn(staff.email, staff.password);
    expect(step.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const wrongCode = cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: step.Session,
        ChallengeResponses: { USERNAME: staff.email, SOFTWARE_TOKEN_MFA_CODE: '000000' },
      }),
    );
    expect(await refusal(wrongCode)).toBe('CodeMismatchException');
    await signIn(staff);

    const entries = await entriesOf(staff.email);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['auth.mfa-set-up', 'auth.sign-in-failed', 'auth.sign-in']),
    );
    expect(entries.find((e) => e.action === 'auth.sign-in-failed')).toMatchObject({
      route: 'cognito:RespondToAuthChallenge',
      after: { step: 'second factor', reason: 'CodeMismatchException' },
    });
    expect(entries.filter((e) => e.action === 'auth.sign-in').at(0)?.actor?.groups).toContain('admin');
  });

  it('a refused sign-in for an unknown address is listed under the action, naming the address typed', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await refusal(passwordSignIn(nobody, 'Wrong!Password1'))).not.toBe('accepted');
    const res = await asSuper('listAuditEvents', { action: 'auth.sign-in-failed', limit: 100 });
    const entry = (res.body.result.items as AuditEvent[]).find((e) => e.target?.id === nobody);
    expect(entry).toMatchObject({ actor: null, after: { step: 'password' } });
  });
});
