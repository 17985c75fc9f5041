import { AppError, invalidArgument, notFound } from '../../../core/errors';
import type { AdminDirectory, DirectoryUser } from '../../ports/admin-directory';
import { DirectoryError } from '../../ports/user-directory';

export const USER_NOT_FOUND = 'User not found';

/** The user, or not-found. */
export async function requireDirectoryUser(
  directory: Pick<AdminDirectory, 'getUser'>,
  userId: string,
): Promise<DirectoryUser> {
  const user = await directory.getUser(userId).catch(rethrowAsAppError);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/**
 * Directory refusals that are the caller's to fix become 4xx (a user that vanished meanwhile, a value
 * Cognito refuses); anything else stays a 500.
 */
export function rethrowAsAppError(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof DirectoryError) {
    if (error.kind === 'user-not-found') throw notFound(USER_NOT_FOUND);
    if (error.kind === 'invalid-parameter') throw invalidArgument('The user directory refused this value');
  }
  throw error;
}
