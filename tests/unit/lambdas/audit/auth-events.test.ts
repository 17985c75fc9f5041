import { describe, expect, it } from 'vitest';
import { auditEventSchema } from '../../../../core/schemas/audit';
import { authAuditEvent, authAuditFactOf } from '../../../../lambdas/audit/auth-events';

const tokens = { ok: true as const, answer: { AuthenticationResult: { IdToken: 'x', AccessToken: 'y' } } };
const challenge = { ok: true as const, answer: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's' } };
const refused = (errorType: string) => ({ ok: false as const, errorType });
const context = {
  eventId: 'e-1',
  at: '2026-12-02T03:00:00.000Z',
  route: 'cognito:InitiateAuth',
  correlationId: 'c-1',
  sourceIp: '203.0.113.9',
};

describe('sign-in events: which Cognito calls the audit trail records', () => {
  it('a sign-in is recorded when the tokens are issued, once, whatever the steps before', () => {
    const password = { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'a@lab.test' } };
    expect(authAuditFactOf('InitiateAuth', password, tokens)).toEqual({ action: 'auth.sign-in', details: {} });
    // The password step of a user with an authenticator only leads to the code: not yet a sign-in.
    expect(authAuditFactOf('InitiateAuth', password, challenge)).toBeNull();
    expect(authAuditFactOf('RespondToAuthChallenge', { ChallengeName: 'SOFTWARE_TOKEN_MFA' }, tokens)).toEqual({
      action: 'auth.sign-in',
      details: {},
    });
  });

  it('a refused password or authenticator code is a failed sign-in naming the step and the reason', () => {
    expect(
      authAuditFactOf('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH' }, refused('NotAuthorizedException:http://x')),
    ).toEqual({ action: 'auth.sign-in-failed', details: { step: 'password', reason: 'NotAuthorizedException' } });
    expect(
      authAuditFactOf(
        'RespondToAuthChallenge',
        { ChallengeName: 'SOFTWARE_TOKEN_MFA' },
        refused('CodeMismatchException'),
      ),
    ).toEqual({ action: 'auth.sign-in-failed', details: { step: 'second factor', reason: 'CodeMismatchException' } });
  });

  it('a token refresh is neither a sign-in nor a failure', () => {
    const refresh = { AuthFlow: 'REFRESH_TOKEN_AUTH' };
    expect(authAuditFactOf('InitiateAuth', refresh, tokens)).toBeNull();
    expect(authAuditFactOf('InitiateAuth', refresh, refused('NotAuthorizedException'))).toBeNull();
    expect(authAuditFactOf('GetTokensFromRefreshToken', {}, tokens)).toBeNull();
  });

  it('authenticator set-up and removal, password changes and sign-outs are recorded when they succeed', () => {
    const ok = { ok: true as const, answer: {} };
    const cases: [string, Record<string, unknown>, string, Record<string, string>][] = [
      ['VerifySoftwareToken', { UserCode: '123456' }, 'auth.mfa-set-up', { factor: 'authenticator app' }],
      [
        'SetUserMFAPreference',
        { SoftwareTokenMfaSettings: { Enabled: false } },
        'auth.mfa-removed',
        { factor: 'authenticator app', by: 'the user' },
      ],
      [
        'AdminSetUserMFAPreference',
        { SoftwareTokenMfaSettings: { Enabled: false } },
        'auth.mfa-removed',
        { factor: 'authenticator app', by: 'the lab' },
      ],
      ['ChangePassword', {}, 'auth.password-change', { via: 'settings (current password)' }],
      ['ConfirmForgotPassword', {}, 'auth.password-change', { via: 'reset code by email' }],
      ['AdminSetUserPassword', {}, 'auth.password-change', { via: 'set by the lab' }],
      ['RevokeToken', {}, 'auth.sign-out', { scope: 'this device' }],
      ['GlobalSignOut', {}, 'auth.sign-out', { scope: 'every session' }],
      ['AdminUserGlobalSignOut', {}, 'auth.sign-out', { scope: 'every session', by: 'the lab' }],
    ];
    for (const [operation, request, action, details] of cases) {
      expect(authAuditFactOf(operation, request, ok), operation).toEqual({ action, details });
      expect(authAuditFactOf(operation, request, refused('NotAuthorizedException')), operation).toBeNull();
    }
    // Turning the authenticator on (the last step of set-up) is not a second entry.
    expect(authAuditFactOf('SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: true } }, ok)).toBeNull();
    expect(authAuditFactOf('GetUser', {}, ok)).toBeNull();
  });
});

describe('sign-in entries: who, and nothing secret', () => {
  const failed = {
    action: 'auth.sign-in-failed' as const,
    details: { step: 'password', reason: 'NotAuthorizedException' },
  };

  it("an attempt on a known account has the account's owner as actor, so the user filter finds it", () => {
    const event = authAuditEvent(failed, { userId: 'sub-1', email: 'Lara@Lab.test', groups: ['admin'] }, context);
    expect(auditEventSchema.parse(event)).toEqual({
      ...context,
      kind: 'auth',
      action: 'auth.sign-in-failed',
      actor: { userId: 'sub-1', email: 'Lara@Lab.test', groups: ['admin'] },
      target: { type: 'user', id: 'sub-1' },
      accountNumber: null,
      status: null,
      before: null,
      after: { step: 'password', reason: 'NotAuthorizedException' },
    });
  });

  it('an unknown account is named only when what was typed is an email: a typed password never lands in the log', () => {
    expect(authAuditEvent(failed, { attempted: ' Nobody@Lab.test ' }, context)).toMatchObject({
      actor: null,
      target: { type: 'user', id: 'nobody@lab.test' },
    });
    const typedPassword = authAuditEvent(failed, { attempted: 'Lenslab!Super1' }, context);
    expect(typedPassword.target).toEqual({ type: 'user', id: '[not an email]' });
    expect(JSON.stringify(typedPassword)).not.toContain('Lenslab!Super1');
  });
});
