import { isAdminRole, roleFromGroups } from '../../core/rules/auth-status';
import type { SessionRevocations } from '../ports/session-revocations';
import type { Identity } from './verify-token';

/** How long a looked-up revocation state is reused by one process (docs/decisions/0007-server-side-sign-out.md). */
export const REVOCATION_CACHE_MS = 5000;

/**
 * Tokens signed in this recently are checked against the store, never the cache. A user change (disable, role,
 * password, delete) revokes before and again after the Cognito change (use-cases/end-user-sessions.ts), all
 * inside one Lambda call (29 s at most): a token signed in between the two is younger than this when the second
 * revocation lands, so every process refuses it at once instead of within REVOCATION_CACHE_MS.
 */
export const FRESH_SESSION_SECONDS = 60;

/** The cached store, which can also read past its cache. */
export interface CachedSessionRevocations extends SessionRevocations {
  /** Reads the store (one GetItem), ignoring the cache, and remembers the answer. */
  revokedAtUncached(userId: string): Promise<number | null>;
  /** Reads the store, ignoring a cached "not ended" (an ended session stays ended). */
  sessionEndedUncached(sessionId: string): Promise<boolean>;
}

/**
 * Wraps a revocation store with a short per-process cache, so a burst of calls by one user costs one
 * GetItem per 5 s, not one per request. A sign-out through this store updates the cache at once; other
 * processes see it within `ttlMs`.
 */
export function cachedSessionRevocations(
  inner: SessionRevocations,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): CachedSessionRevocations {
  const ttlMs = options.ttlMs ?? REVOCATION_CACHE_MS;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, { revokedAt: number | null; until: number }>();
  const remember = (userId: string, revokedAt: number | null) => {
    if (cache.size >= maxEntries) cache.clear();
    cache.set(userId, { revokedAt, until: now() + ttlMs });
  };
  const revokedAtUncached = async (userId: string) => {
    const revokedAt = await inner.revokedAt(userId);
    remember(userId, revokedAt);
    return revokedAt;
  };
  // An ended session never comes back, so a yes is kept; a no is kept for ttlMs like a revocation time.
  const ended = new Map<string, number>();
  const rememberEnded = (sessionId: string, yes: boolean) => {
    if (ended.size >= maxEntries) ended.clear();
    ended.set(sessionId, yes ? Number.POSITIVE_INFINITY : now() + ttlMs);
  };
  const sessionEndedUncached = async (sessionId: string) => {
    const yes = await inner.sessionEnded(sessionId);
    rememberEnded(sessionId, yes);
    return yes;
  };
  return {
    async revoke(userId, revokedAt, expiresAt) {
      await inner.revoke(userId, revokedAt, expiresAt);
      remember(userId, revokedAt);
    },
    async revokedAt(userId) {
      const hit = cache.get(userId);
      if (hit && hit.until > now()) return hit.revokedAt;
      return revokedAtUncached(userId);
    },
    revokedAtUncached,
    async endSession(sessionId, expiresAt) {
      await inner.endSession(sessionId, expiresAt);
      rememberEnded(sessionId, true);
    },
    async sessionEnded(sessionId) {
      const until = ended.get(sessionId);
      if (until !== undefined && until > now()) return until === Number.POSITIVE_INFINITY;
      return sessionEndedUncached(sessionId);
    },
    sessionEndedUncached,
  };
}

/**
 * The handler wrapper's check: a token of an ended session (its `origin_jti`, Log Out on that device) is
 * refused, and so is a token whose sign-in time (auth_time, else iat) is at or before the user's latest
 * revocation (Sign out everywhere, a user change). Both hold for refreshed tokens: a refresh keeps origin_jti
 * and auth_time.
 *
 * With a cached store, two kinds of token skip the cache (one GetItem per request): lab staff's (a disabled or
 * demoted admin keeps no admin power for the cache's 5 s in another process; staff are few) and tokens signed in
 * within FRESH_SESSION_SECONDS (the sign-in that raced a user change). Every other token is checked through the
 * cache as before (docs/decisions/0012-revoking-around-a-user-change.md).
 */
export function sessionRevocationCheck(
  revocations: SessionRevocations | CachedSessionRevocations,
  options: { now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  return async (identity: Identity): Promise<boolean> => {
    const signedIn = identity.authTime || identity.issuedAt;
    const strict =
      'revokedAtUncached' in revocations &&
      (isAdminRole(roleFromGroups(identity.groups)) || now() / 1000 - signedIn < FRESH_SESSION_SECONDS);
    if (identity.sessionId) {
      const ended = strict
        ? await (revocations as CachedSessionRevocations).sessionEndedUncached(identity.sessionId)
        : await revocations.sessionEnded(identity.sessionId);
      if (ended) return true;
    }
    const revokedAt = strict
      ? await (revocations as CachedSessionRevocations).revokedAtUncached(identity.userId)
      : await revocations.revokedAt(identity.userId);
    return revokedAt !== null && signedIn <= revokedAt;
  };
}
