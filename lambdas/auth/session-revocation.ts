import type { SessionRevocations } from '../ports/session-revocations';
import type { Identity } from './verify-token';

/** How long a looked-up revocation state is reused by one process (docs/decisions.md "Server-side sign-out"). */
export const REVOCATION_CACHE_MS = 5000;

/**
 * Wraps a revocation store with a short per-process cache, so a burst of calls by one user costs one
 * GetItem per 5 s, not one per request. A sign-out through this store updates the cache at once; other
 * processes see it within `ttlMs`.
 */
export function cachedSessionRevocations(
  inner: SessionRevocations,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): SessionRevocations {
  const ttlMs = options.ttlMs ?? REVOCATION_CACHE_MS;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, { revokedAt: number | null; until: number }>();
  const remember = (userId: string, revokedAt: number | null) => {
    if (cache.size >= maxEntries) cache.clear();
    cache.set(userId, { revokedAt, until: now() + ttlMs });
  };
  return {
    async revoke(userId, revokedAt, expiresAt) {
      await inner.revoke(userId, revokedAt, expiresAt);
      remember(userId, revokedAt);
    },
    async revokedAt(userId) {
      const hit = cache.get(userId);
      if (hit && hit.until > now()) return hit.revokedAt;
      const revokedAt = await inner.revokedAt(userId);
      remember(userId, revokedAt);
      return revokedAt;
    },
  };
}

/**
 * The handler wrapper's check: a token whose sign-in time (auth_time, else iat) is at or before the user's
 * latest revocation is refused. auth_time survives token refreshes, so tokens refreshed from a revoked
 * session are refused too.
 */
export function sessionRevocationCheck(revocations: SessionRevocations) {
  return async (identity: Identity): Promise<boolean> => {
    const revokedAt = await revocations.revokedAt(identity.userId);
    return revokedAt !== null && (identity.authTime || identity.issuedAt) <= revokedAt;
  };
}
