import type { SecondFactorChange, SecondFactorRecords } from '../ports/second-factor-records';
import type { SecondFactors } from '../ports/second-factors';
import type { Identity } from './verify-token';

/** How long a "this user has TOTP" answer is reused by one process, for sessions signed in before it. */
export const STAFF_MFA_CACHE_MS = 5 * 60 * 1000;

/**
 * What the staff check says about one staff token: `ok`, `no-totp` (the user has no authenticator turned on:
 * 403, the sign-in page sets one up) or `signed-in-before-change` (the token's sign-in is not later than the
 * user's last recorded second-factor change: 401, sign in again with the authenticator's code).
 */
export type StaffMfaVerdict = 'ok' | 'no-totp' | 'signed-in-before-change';

/**
 * The handler wrapper's staff check (docs/decisions/0017-two-step-verification-for-lab-staff.md,
 * docs/decisions/0101-staff-second-factor-recorded.md). Cognito's ID tokens carry no `amr`, so the evidence is
 * the user's MFA settings plus the server's record of when they last changed: with the pool's MFA OPTIONAL,
 * Cognito asks every user who has TOTP enabled for a code at each sign-in, so a staff token is acceptable when
 * TOTP is on and the token signed in after the authenticator was set up.
 *
 * A set-up the server has not recorded (made straight against Cognito, or before the record existed) is
 * recorded the first time this check sees TOTP on, and the sessions signed in up to then are refused; a removal
 * it has not recorded, the first time it sees TOTP off.
 *
 * A yes is cached per process for `ttlMs`, and reused only for sessions signed in before it was read: a session
 * signed in later (after a removal, Cognito issues tokens without a code) is checked afresh once. A no is never
 * cached, so the first call after a set-up goes through.
 */
export function staffMfaCheck(
  factors: SecondFactors,
  records: SecondFactorRecords,
  options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
) {
  const ttlMs = options.ttlMs ?? STAFF_MFA_CACHE_MS;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const confirmed = new Map<string, { readAt: number; until: number; setUp: SecondFactorChange }>();

  async function readSetUp(userId: string): Promise<SecondFactorChange | null> {
    const enabled = await factors.hasTotp(userId);
    const recorded = await records.latest(userId);
    const at = Math.floor(now() / 1000);
    if (!enabled) {
      // A removal made outside the portal (an operator's, for a lost phone): recorded when first seen, so the
      // next set-up, however it is made, is taken for a new one and ends the sessions from before it.
      if (recorded?.totp) await records.record(userId, { changedAt: at, totp: false });
      return null;
    }
    if (recorded?.totp) return recorded;
    return records.recordSetUpSeen(userId, at);
  }

  return async (identity: Identity): Promise<StaffMfaVerdict> => {
    const signedIn = identity.authTime || identity.issuedAt;
    let hit = confirmed.get(identity.userId);
    if (!hit || hit.until <= now() || (signedIn + 1) * 1000 > hit.readAt) {
      const readAt = now();
      const setUp = await readSetUp(identity.userId);
      if (!setUp) {
        confirmed.delete(identity.userId);
        return 'no-totp';
      }
      if (confirmed.size >= maxEntries) confirmed.clear();
      hit = { readAt, until: readAt + ttlMs, setUp };
      confirmed.set(identity.userId, hit);
    }
    return signedIn > hit.setUp.changedAt ? 'ok' : 'signed-in-before-change';
  };
}
