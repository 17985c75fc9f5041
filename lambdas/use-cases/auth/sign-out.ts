import { describeError } from '../../../core/describe-error';
import type { SignOutInput } from '../../../core/schemas/auth/session';
import type { Identity } from '../../auth/verify-token';
import type { Logger } from '../../ports/logger';
import type { SecondFactorRecords } from '../../ports/second-factor-records';
import type { SecondFactors } from '../../ports/second-factors';
import type { SessionRevocations } from '../../ports/session-revocations';
import { DirectoryError, type UserDirectory } from '../../ports/user-directory';
import type { Clock } from '../../kernel/clock';

/**
 * How long a revocation is kept: as long as a token from before it can still be shown. Refresh tokens
 * (Cognito default 30 days) mint new ID tokens that keep the old auth_time and origin_jti, so that is the
 * lifetime that counts, not the ID token's hour: an ended session whose refresh token the browser could not
 * revoke (offline at Log Out) stays refused for as long as that refresh token could mint tokens.
 */
export const REVOCATION_TTL_SECONDS = 30 * 24 * 3600;

export interface SignOutDeps extends Clock {
  revocations: Pick<SessionRevocations, 'revoke' | 'endSession'>;
  directory: Pick<UserDirectory, 'signOutEverywhere'>;
  /** Needed for `secondFactorChanged`: the user's TOTP state in the pool and the server's record of it. */
  secondFactors?: { factors: SecondFactors; records: Pick<SecondFactorRecords, 'record'> };
  log: Logger;
}

/**
 * Ends the caller's session server-side (docs/decisions/0019-sign-out-per-device.md): by default only this
 * device's, recorded by the token family's `origin_jti`, so other devices and a sign-in right after it on any
 * device are untouched (the browser also revokes this session's refresh token). With `everywhere` (or a token
 * without `origin_jti`, which cannot be told apart from the user's other sessions), every token signed in up to
 * now is refused and Cognito revokes every refresh token.
 *
 * With `secondFactorChanged` (the sign-in page, right after an authenticator was set up) it also records the
 * user's TOTP state as changed now (docs/decisions/0101-staff-second-factor-recorded.md), so the staff check
 * takes this set-up for the one the user's sessions must have passed and never records it again later, which
 * would end the session signed in with the new authenticator's code.
 */
export async function signOut(
  caller: Identity,
  input: SignOutInput,
  deps: SignOutDeps,
): Promise<{ signedOut: true; scope: 'this-session' | 'everywhere' }> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  if (!input.everywhere && !input.secondFactorChanged && caller.sessionId) {
    await deps.revocations.endSession(caller.sessionId, nowSeconds + REVOCATION_TTL_SECONDS);
    return { signedOut: true, scope: 'this-session' };
  }
  await deps.revocations.revoke(caller.userId, nowSeconds, nowSeconds + REVOCATION_TTL_SECONDS);
  if (input.secondFactorChanged) {
    if (!deps.secondFactors) throw new Error('signOut: secondFactorChanged needs the second-factor ports');
    // After the revocation: were this write lost, the staff check would record the set-up itself, later.
    const totp = await deps.secondFactors.factors.hasTotp(caller.userId);
    await deps.secondFactors.records.record(caller.userId, { changedAt: nowSeconds, totp });
  }
  try {
    await deps.directory.signOutEverywhere(caller.userId);
  } catch (error) {
    // The revocation record already refuses every old token, refreshed ones included (auth_time).
    const unsupported = error instanceof DirectoryError && error.kind === 'unsupported';
    deps.log[unsupported ? 'info' : 'warn']('sign-out: global sign-out in the user pool failed', {
      unsupported,
      error: describeError(error),
    });
  }
  // Tokens carry whole seconds, so a sign-in within the revoked second is refused with the rest. Answering only
  // once that second is over means a sign-in made after this answer, on any device, is never caught by it.
  await deps.sleep(Math.max(0, (nowSeconds + 1) * 1000 - deps.now().getTime()));
  return { signedOut: true, scope: 'everywhere' };
}
