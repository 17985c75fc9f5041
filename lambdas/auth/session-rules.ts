import { SESSION } from '../../core/constants';
import { permissionDenied, unauthenticated } from '../../core/errors';
import type { RouteDefinition } from '../../core/route-definition';
import { sessionChecksOf } from '../../core/function-resources';
import { isAdminRole, roleFromGroups } from '../../core/rules/auth-status';
import type { UserActivity } from '../../core/schemas/user-activity';
import type { Identity } from './verify-token';

/**
 * The spec 4/6 session rules the browser enforces, enforced again on the server by the handler wrapper
 * (docs/decisions/0011-session-rules-on-the-server.md): a session idle 60 minutes or more is over (401), and a
 * customer who has not verified their email or accepted the terms reaches only the routes flagged
 * `allowBeforeTerms` (403). Which rule applies to a route comes from its flags (core/function-resources.ts).
 */
export const SESSION_RULE_MESSAGES = {
  idle: 'Your session ended after 60 minutes without activity. Please sign in again.',
  emailNotVerified: 'Verify your email address to continue.',
  termsNotAccepted: 'Accept the terms and conditions to continue.',
} as const;

/** How long one process reuses a user's activity record (as the revocation check does). */
export const SESSION_FACTS_CACHE_MS = 5000;

/** The part of the activity record the idle rule reads. */
export type ActivityFacts = Pick<UserActivity, 'lastActivity' | 'lastSync' | 'status'>;

/** What the rules read about a user: their activity record and whether their users record has the terms accepted. */
export interface SessionFactsSource {
  activity(userId: string): Promise<ActivityFacts | null>;
  /** False when the user has no record. */
  termsAccepted(userId: string): Promise<boolean>;
}

export interface CachedSessionFacts {
  /** `fresh` reads the store (and refreshes the cache) instead of answering from it. */
  activity(userId: string, options?: { fresh?: boolean }): Promise<ActivityFacts | null>;
  termsAccepted(userId: string): Promise<boolean>;
}

/**
 * A per-process cache over the two reads, so the rules cost at most one GetItem per user per 5 s once the
 * terms are accepted: the activity record is reused for SESSION_FACTS_CACHE_MS; an accepted-terms answer is
 * kept (an acceptance is recorded once and never taken back), a not-accepted one never is, so the first call
 * after acceptTerms in another process already passes.
 */
export function cachedSessionFacts(
  inner: SessionFactsSource,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): CachedSessionFacts {
  const ttlMs = options.ttlMs ?? SESSION_FACTS_CACHE_MS;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const activities = new Map<string, { facts: ActivityFacts | null; until: number }>();
  const accepted = new Set<string>();
  return {
    async activity(userId, { fresh = false } = {}) {
      const hit = activities.get(userId);
      if (!fresh && hit && hit.until > now()) return hit.facts;
      const facts = await inner.activity(userId);
      if (activities.size >= maxEntries) activities.clear();
      activities.set(userId, { facts, until: now() + ttlMs });
      return facts;
    },
    async termsAccepted(userId) {
      if (accepted.has(userId)) return true;
      const yes = await inner.termsAccepted(userId);
      if (yes) {
        if (accepted.size >= maxEntries) accepted.clear();
        accepted.add(userId);
      }
      return yes;
    },
  };
}

/**
 * When the session was last known active (ms, server time): the sign-in itself (auth_time: a fresh sign-in
 * counts as activity, so the calls that race the browser's first activity write are not refused), the record's
 * last activity, and for a record the browser wrote as `active` (activity within the last minute of its own
 * clock) the server's time of that write, which a browser clock set behind cannot make look old.
 */
export function lastActiveAt(identity: Identity, record: ActivityFacts | null): number {
  const signedInMs = (identity.authTime || identity.issuedAt) * 1000;
  if (!record) return signedInMs;
  return Math.max(signedInMs, record.lastActivity, record.status === 'active' ? record.lastSync : 0);
}

export type SessionRulesCheck = (route: RouteDefinition, identity: Identity) => Promise<void>;

/** The check the handler wrapper runs after the token and group checks; throws the 401 or 403. */
export function sessionRulesCheck(
  facts: CachedSessionFacts,
  options: { now?: () => number; idleAfterMs?: number } = {},
): SessionRulesCheck {
  const now = options.now ?? Date.now;
  const idleAfterMs = options.idleAfterMs ?? SESSION.inactivityTimeoutMs;
  const idleBy = (identity: Identity, record: ActivityFacts | null) =>
    now() - lastActiveAt(identity, record) >= idleAfterMs;

  async function isIdle(identity: Identity): Promise<boolean> {
    if (!idleBy(identity, await facts.activity(identity.userId))) return false;
    // A cached record may predate a write another process just stored (Continue Session at minute 59): a
    // refusal is confirmed against the table first. Idle answers are rare, so this costs little.
    return idleBy(identity, await facts.activity(identity.userId, { fresh: true }));
  }

  return async (route, identity) => {
    const checks = sessionChecksOf(route);
    if (checks.idle && (await isIdle(identity))) throw unauthenticated(SESSION_RULE_MESSAGES.idle);
    // spec 4: admins are always AUTHENTICATED; the terms and email rules are the customers'.
    if (!checks.customerState || isAdminRole(roleFromGroups(identity.groups))) return;
    if (!identity.emailVerified) throw permissionDenied(SESSION_RULE_MESSAGES.emailNotVerified);
    if (!(await facts.termsAccepted(identity.userId))) throw permissionDenied(SESSION_RULE_MESSAGES.termsNotAccepted);
  };
}
