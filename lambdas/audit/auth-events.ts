import type { AuditEvent, AuthAction } from '../../core/schemas/audit';
import { redactAuditValues } from './redact-audit-values';

/**
 * Sign-in events for the audit trail: which Cognito user-pool calls are a sign-in, a failed
 * sign-in, an authenticator set up or removed, a password change or a sign-out. One mapping serves the three
 * places that see those calls: the local Cognito bridge (every request and its answer), and in AWS the
 * CloudTrail consumer (lambdas/events/auth-audit.ts; the post authentication trigger records the sign-ins).
 */

type Json = Record<string, unknown>;

/** How a Cognito call ended: its answer, or the error type Cognito named (`NotAuthorizedException`). */
export type AuthOutcome = { ok: true; answer: Json } | { ok: false; errorType: string };

export interface AuthAuditFact {
  action: AuthAction;
  /** What the entry's `after` holds: the step, the reason of a refusal, how a password changed. Never a secret. */
  details: Record<string, string>;
}

/** The flows a user signs in with (a refresh is not a sign-in: it renews a session that already passed). */
const SIGN_IN_FLOWS = new Set([
  'USER_PASSWORD_AUTH',
  'USER_SRP_AUTH',
  'USER_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'CUSTOM_AUTH',
]);
const INITIATE = new Set(['InitiateAuth', 'AdminInitiateAuth']);
const RESPOND = new Set(['RespondToAuthChallenge', 'AdminRespondToAuthChallenge']);

/** The step a refused challenge answer was: the authenticator code, the password, or another challenge. */
function challengeStep(challenge: unknown): string {
  if (challenge === 'SOFTWARE_TOKEN_MFA' || challenge === 'SMS_MFA' || challenge === 'EMAIL_OTP')
    return 'second factor';
  if (challenge === 'PASSWORD_VERIFIER' || challenge === 'PASSWORD') return 'password';
  if (challenge === 'NEW_PASSWORD_REQUIRED') return 'new password';
  return 'challenge';
}

/**
 * The audit fact of one Cognito call, or null when it is none (a refresh, a password step that only led to
 * the authenticator challenge, a read). A sign-in is recorded when the tokens are issued, so a user with an
 * authenticator has one entry per sign-in, not one per step.
 */
export function authAuditFactOf(operation: string, request: Json, outcome: AuthOutcome): AuthAuditFact | null {
  if (INITIATE.has(operation)) {
    if (!SIGN_IN_FLOWS.has(String(request['AuthFlow']))) return null;
    if (!outcome.ok) return failed('password', outcome.errorType);
    return outcome.answer['AuthenticationResult'] ? { action: 'auth.sign-in', details: {} } : null;
  }
  if (RESPOND.has(operation)) {
    if (!outcome.ok) return failed(challengeStep(request['ChallengeName']), outcome.errorType);
    return outcome.answer['AuthenticationResult'] ? { action: 'auth.sign-in', details: {} } : null;
  }
  if (!outcome.ok) return null;
  switch (operation) {
    case 'VerifySoftwareToken':
      // The authenticator is set up once its first code is verified; turning it on follows in the same flow.
      return { action: 'auth.mfa-set-up', details: { factor: 'authenticator app' } };
    case 'SetUserMFAPreference':
    case 'AdminSetUserMFAPreference': {
      const settings = request['SoftwareTokenMfaSettings'] as Json | undefined;
      if (settings?.['Enabled'] !== false) return null;
      return {
        action: 'auth.mfa-removed',
        details: { factor: 'authenticator app', by: operation.startsWith('Admin') ? 'the lab' : 'the user' },
      };
    }
    case 'ChangePassword':
      return { action: 'auth.password-change', details: { via: 'settings (current password)' } };
    case 'ConfirmForgotPassword':
      return { action: 'auth.password-change', details: { via: 'reset code by email' } };
    case 'AdminSetUserPassword':
      return { action: 'auth.password-change', details: { via: 'set by the lab' } };
    case 'RevokeToken':
      return { action: 'auth.sign-out', details: { scope: 'this device' } };
    case 'GlobalSignOut':
      return { action: 'auth.sign-out', details: { scope: 'every session' } };
    case 'AdminUserGlobalSignOut':
      return { action: 'auth.sign-out', details: { scope: 'every session', by: 'the lab' } };
    default:
      return null;
  }
}

function failed(step: string, reason: string): AuthAuditFact {
  // `x-amzn-errortype` may carry a suffix after a colon (`NotAuthorizedException:http://...`).
  return { action: 'auth.sign-in-failed', details: { step, reason: reason.split(':')[0] || 'unknown' } };
}

/** Who a sign-in event is about, as far as the caller could tell. */
export interface AuthSubject {
  /** The user's `sub`, when the account exists. */
  userId?: string | undefined;
  email?: string | undefined;
  groups?: readonly string[] | undefined;
  /** What was typed as the user name, for a refusal of an unknown account. */
  attempted?: string | undefined;
}

export interface AuthEventContext {
  eventId: string;
  at: string;
  /** `cognito:{operation}`, or the trigger's name. */
  route: string;
  correlationId: string;
  sourceIp: string;
}

const EMAIL_LIKE = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

/**
 * The audit entry: the account's owner as the actor when the account exists (so the Audit page's user filter
 * finds its failed sign-ins too), the user as target. An attempt on an unknown account names what was typed
 * only when it is shaped like an email: a password typed into the email field must not land in the log.
 */
export function authAuditEvent(fact: AuthAuditFact, subject: AuthSubject, context: AuthEventContext): AuditEvent {
  const known = !!subject.userId;
  const attempted = subject.attempted?.trim().toLowerCase() ?? '';
  const targetId = known
    ? subject.userId!
    : EMAIL_LIKE.test(attempted)
      ? attempted
      : attempted
        ? '[not an email]'
        : 'unknown';
  return {
    eventId: context.eventId,
    at: context.at,
    kind: 'auth',
    action: fact.action,
    actor: known
      ? {
          userId: subject.userId!,
          ...(subject.email ? { email: subject.email } : {}),
          groups: [...(subject.groups ?? [])],
        }
      : null,
    target: { type: 'user', id: targetId },
    accountNumber: null,
    route: context.route,
    status: null,
    correlationId: context.correlationId,
    sourceIp: context.sourceIp,
    before: null,
    after: redactAuditValues(fact.details),
  };
}
