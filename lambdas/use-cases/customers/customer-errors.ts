import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, notFound } from '../../../core/errors';
import { isWriteConflict } from '../../ports/write-conflict';
import { USER_NOT_FOUND } from '../users';

export const PRACTICE_NOT_FOUND = 'Practice not found';

/** WriteConflicts of a practice write as callable errors (404 gone, 409 changed since read). */
export function practiceWriteError(error: unknown): never {
  if (isWriteConflict(error, 'missing')) throw notFound(PRACTICE_NOT_FOUND);
  if (isWriteConflict(error, 'changed')) throw aborted(CHANGED_MESSAGES.practice);
  throw error;
}

/** WriteConflicts of an account-link write as callable errors. */
export function linkWriteError(error: unknown): never {
  if (isWriteConflict(error, 'missing')) throw notFound(USER_NOT_FOUND);
  if (isWriteConflict(error, 'changed')) throw aborted(CHANGED_MESSAGES.user);
  if (isWriteConflict(error, 'account-missing')) throw notFound(PRACTICE_NOT_FOUND);
  throw error;
}
