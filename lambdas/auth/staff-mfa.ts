import type { SecondFactors } from '../ports/second-factors';
import type { Identity } from './verify-token';

/** How long a "this user has TOTP" answer is reused by one process. */
export const STAFF_MFA_CACHE_MS = 5 * 60 * 1000;

/**
 * The handler wrapper's staff check (docs/decisions/0017-two-step-verification-for-lab-staff.md): true when the
 * staff caller's Cognito user has TOTP enabled. Cognito's ID tokens carry no `amr`, so the evidence is the
 * user's MFA settings: with the pool's MFA OPTIONAL, Cognito asks every user who has TOTP enabled for a code
 * at each sign-in, so a staff token is acceptable once TOTP is on.
 *
 * A yes is cached per process for `ttlMs` (one AdminGetUser per staff member per container every five minutes);
 * a no is never cached, so the first call after the SPA's setup goes through.
 */
export function staffMfaCheck(
  factors: SecondFactors,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
) {
  const ttlMs = options.ttlMs ?? STAFF_MFA_CACHE_MS;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const confirmedUntil = new Map<string, number>();
  return async (identity: Identity): Promise<boolean> => {
    const until = confirmedUntil.get(identity.userId);
    if (until !== undefined && until > now()) return true;
    const enabled = await factors.hasTotp(identity.userId);
    if (enabled) {
      if (confirmedUntil.size >= maxEntries) confirmedUntil.clear();
      confirmedUntil.set(identity.userId, now() + ttlMs);
    } else {
      confirmedUntil.delete(identity.userId);
    }
    return enabled;
  };
}
