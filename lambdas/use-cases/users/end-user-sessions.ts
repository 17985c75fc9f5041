import { describeError } from '../../../core/describe-error';
import type { Logger } from '../../ports/logger';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { SessionRevocations } from '../../ports/session-revocations';
import { DirectoryError } from '../../ports/user-directory';
import { REVOCATION_TTL_SECONDS } from '../auth';
import type { Clock } from '../../kernel/clock';

export interface EndSessionsDeps extends Pick<Clock, 'now'> {
  /** Pass the process-wide cached store (sharedSessionRevocations) so this process refuses the tokens at once. */
  revocations: Pick<SessionRevocations, 'revoke'>;
  directory: Pick<AdminDirectory, 'signOutEverywhere'>;
  log: Logger;
}

/**
 * Ends every session of a user server-side (docs/decisions/0007-server-side-sign-out.md): tokens signed in
 * up to now are refused by every route, refreshed ones too, and Cognito revokes the refresh tokens (best
 * effort: the revocation record already refuses them). Used when a user is disabled, deleted, gets a new
 * role (tokens carry the groups) or a new password.
 */
export async function endUserSessions(userId: string, deps: EndSessionsDeps): Promise<void> {
  await revokeSessions(userId, deps);
  try {
    await deps.directory.signOutEverywhere(userId);
  } catch (error) {
    const unsupported = error instanceof DirectoryError && error.kind === 'unsupported';
    deps.log[unsupported ? 'info' : 'warn']('global sign-out in the user pool failed', {
      userId,
      unsupported,
      error: describeError(error),
    });
  }
}

/**
 * Writes the revocation record only: every token signed in up to now is refused. The use cases that change a
 * user's account call endUserSessions before the change and again after it
 * (docs/decisions/0012-revoking-around-a-user-change.md): a sign-in between the two got a token (with the old groups,
 * or for the account about to be disabled) that the first revocation does not cover. After a delete there is no
 * account left to sign out in the pool, so deleteUser repeats only this write.
 */
export async function revokeSessions(
  userId: string,
  deps: Pick<EndSessionsDeps, 'revocations' | 'now'>,
): Promise<void> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  await deps.revocations.revoke(userId, nowSeconds, nowSeconds + REVOCATION_TTL_SECONDS);
}
