import type { AdminDirectory } from '../ports/admin-directory';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';

/**
 * spec 6/7 overrideEmailVerification (super admins): marks the user's email verified, for a user who
 * cannot receive the code. Their next token (after a refresh or sign-in) carries email_verified.
 */
export async function overrideEmailVerification(
  userId: string,
  directory: Pick<AdminDirectory, 'getUser' | 'markEmailVerified'>,
): Promise<{ userId: string; emailVerified: true }> {
  const user = await requireDirectoryUser(directory, userId);
  await directory.markEmailVerified(userId, user.email).catch(rethrowAsAppError);
  return { userId, emailVerified: true };
}
