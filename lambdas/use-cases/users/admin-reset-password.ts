import { ACCOUNT_MESSAGES, FORM_MESSAGES } from '../../../core/messages';
import { invalidArgument } from '../../../core/errors';
import type { Identity } from '../../auth/verify-token';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { AuditTrail } from '../../ports/audit-log';
import { DirectoryError } from '../../ports/user-directory';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';
import { endUserSessions, type EndSessionsDeps } from './end-user-sessions';
import { refuseSelf } from './self-guard';

export interface AdminResetPasswordDeps extends EndSessionsDeps {
  directory: Pick<AdminDirectory, 'getUser' | 'setPassword' | 'signOutEverywhere'>;
  audit?: AuditTrail;
}

/**
 * spec 6/7 adminResetPassword { userId, newPassword } (super admins). The password policy is the schema's
 * (core/password-policy.ts) and Cognito's. The user's sessions end, as after any password reset. Not for
 * one's own password: spec 5 asks for the current password first, which Settings does.
 */
export async function adminResetPassword(
  caller: Identity,
  input: { userId: string; newPassword: string },
  deps: AdminResetPasswordDeps,
): Promise<{ userId: string; passwordReset: true }> {
  refuseSelf(caller, input.userId, 'resetPassword');
  const target = await requireDirectoryUser(deps.directory, input.userId);
  await endUserSessions(input.userId, deps);
  try {
    await deps.directory.setPassword(input.userId, input.newPassword);
  } catch (error) {
    if (error instanceof DirectoryError && error.kind === 'invalid-password')
      throw invalidArgument(FORM_MESSAGES.invalidFields, { newPassword: [ACCOUNT_MESSAGES.passwordPolicy] });
    rethrowAsAppError(error);
  }
  // Again: a sign-in with the old password between the revocation and the reset is not covered by the first.
  await endUserSessions(input.userId, deps);
  // Only that it happened: the new password never reaches the audit log.
  await deps.audit?.recordChange({
    action: 'user.reset-password',
    target: { type: 'user', id: input.userId },
    after: { email: target.email, sessionsEnded: true },
  });
  return { userId: input.userId, passwordReset: true };
}
