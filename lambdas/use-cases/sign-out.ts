import { describeError } from '../../core/describe-error';
import type { Identity } from '../auth/verify-token';
import type { Logger } from '../ports/logger';
import type { SessionRevocations } from '../ports/session-revocations';
import { DirectoryError, type UserDirectory } from '../ports/user-directory';

/**
 * How long a revocation is kept: as long as a token from before it can still be shown. Refresh tokens
 * (Cognito default 30 days) mint new ID tokens that keep the old auth_time, so that is the lifetime that
 * counts, not the ID token's hour.
 */
export const REVOCATION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Ends every session of the caller server-side: tokens signed in at or before now are refused by every
 * route from here on (lambdas/auth/session-revocation.ts), and Cognito revokes the refresh tokens.
 */
export async function signOut(
  caller: Identity,
  deps: {
    revocations: Pick<SessionRevocations, 'revoke'>;
    directory: Pick<UserDirectory, 'signOutEverywhere'>;
    now: () => number;
    log: Logger;
  },
): Promise<{ signedOut: true }> {
  const nowSeconds = Math.floor(deps.now() / 1000);
  await deps.revocations.revoke(caller.userId, nowSeconds, nowSeconds + REVOCATION_TTL_SECONDS);
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
  return { signedOut: true };
}
