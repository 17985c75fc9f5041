import type { AdminDirectory } from '../../ports/admin-directory';
import type { AuditTrail } from '../../ports/audit-log';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';

/**
 * spec 6/7 overrideEmailVerification (super admins): marks the user's email verified, for a user who
 * cannot receive the code. Their next token (after a refresh or sign-in) carries email_verified.
 */
export async function overrideEmailVerification(
  userId: string,
  directory: Pick<AdminDirectory, 'getUser' | 'markEmailVerified'>,
  audit?: AuditTrail,
): Promise<{ userId: string; emailVerified: true }> {
  const user = await requireDirectoryUser(directory, userId);
  await directory.markEmailVerified(userId, user.email).catch(rethrowAsAppError);
  await audit?.recordChange({
    action: 'user.verify-email',
    target: { type: 'user', id: userId },
    before: { email: user.email, emailVerified: user.emailVerified },
    after: { email: user.email, emailVerified: true },
    keep: ['email'],
  });
  return { userId, emailVerified: true };
}
