import { randomUUID } from 'node:crypto';
import { appendWithin, CHANGE_WAIT_MS } from '../../../lambdas/audit/audit-trail';
import {
  authAuditEvent,
  authAuditFactOf,
  type AuthOutcome,
  type AuthSubject,
} from '../../../lambdas/audit/auth-events';
import type { AuditLog } from '../../../lambdas/ports/audit-log';
import { emailOf, findUser, subOf, type EmulatorUser } from '../emulator-users';

type Json = Record<string, unknown>;

export interface BridgeAuthAuditOptions {
  /** Where entries go (the stack's audit table); created on first use, once the stack's environment is set. */
  store: () => AuditLog;
  users: () => EmulatorUser[];
  log: (message: string) => void;
  now?: () => Date;
}

/**
 * The bridge's part of the audit trail: it sees every sign-in request and its answer, so it
 * writes the entries Cognito's trigger and CloudTrail give in AWS (lambdas/audit/auth-events.ts). The write
 * waits as a change's entry does and never fails the call.
 */
export function createBridgeAuthAudit(options: BridgeAuthAuditOptions) {
  const now = options.now ?? (() => new Date());
  const log = {
    error: (message: string, fields?: Record<string, unknown>) => options.log(`${message} ${JSON.stringify(fields)}`),
  };

  /** Who the call is about: the tokens it issued, else the token or user name it was given. */
  function subjectOf(body: Json, outcome: AuthOutcome): AuthSubject {
    const result = outcome.ok ? (outcome.answer['AuthenticationResult'] as Json | undefined) : undefined;
    const issued = claimsOf(result?.['IdToken']);
    if (typeof issued['sub'] === 'string') {
      const groups = issued['cognito:groups'];
      return {
        userId: issued['sub'],
        email: typeof issued['email'] === 'string' ? issued['email'] : undefined,
        groups: Array.isArray(groups) ? groups.map(String) : [],
      };
    }
    // The upstream or the bridge accepted this token (only successful token calls are recorded), so its
    // claims name the caller; a refresh token of cognito-local is a JWT naming its user.
    const token = claimsOf(body['AccessToken'] ?? body['Token']);
    const named =
      (body['AuthParameters'] as Json | undefined)?.['USERNAME'] ??
      (body['ChallengeResponses'] as Json | undefined)?.['USERNAME'] ??
      body['Username'] ??
      token['cognito:username'] ??
      token['username'];
    const users = options.users();
    const user =
      (typeof token['sub'] === 'string' ? users.find((u) => subOf(u) === token['sub']) : undefined) ??
      (typeof named === 'string' ? (users.find((u) => subOf(u) === named) ?? findUser(users, named)) : undefined);
    return user
      ? { userId: subOf(user), email: emailOf(user), groups: [] }
      : { attempted: typeof named === 'string' ? named : undefined };
  }

  return {
    /** Records the call when it is a sign-in event; resolves once written (or given up on), never rejects. */
    async observe(operation: string, body: Json, outcome: AuthOutcome, sourceIp: string): Promise<void> {
      const fact = authAuditFactOf(operation, body, outcome);
      if (!fact) return;
      try {
        const event = authAuditEvent(fact, subjectOf(body, outcome), {
          eventId: randomUUID(),
          at: now().toISOString(),
          route: `cognito:${operation}`,
          correlationId: randomUUID(),
          sourceIp,
        });
        await appendWithin(event, CHANGE_WAIT_MS, { store: options.store(), log });
      } catch (error) {
        options.log(`AUDIT WRITE FAILED for ${operation}: ${String(error)}`);
      }
    },
  };
}

/** A JWT's claims, unverified (see the callers for why that is enough); {} for anything else. */
function claimsOf(token: unknown): Json {
  if (typeof token !== 'string') return {};
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as Json) : {};
  } catch {
    return {};
  }
}
