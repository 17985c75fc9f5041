import { aborted, notFound } from '../../core/errors';
import { CUSTOMER_CHANGED, USER_CHANGED } from '../../core/schemas/customer-admin';
import { isWriteConflict } from '../ports/write-conflict';
import { USER_NOT_FOUND } from './directory-failure';

export const PRACTICE_NOT_FOUND = 'Practice not found';

/** WriteConflicts of a practice write as callable errors (404 gone, 409 changed since read). */
export function practiceWriteError(error: unknown): never {
  if (isWriteConflict(error, 'missing')) throw notFound(PRACTICE_NOT_FOUND);
  if (isWriteConflict(error, 'changed')) throw aborted(CUSTOMER_CHANGED);
  throw error;
}

/** WriteConflicts of an account-link write as callable errors. */
export function linkWriteError(error: unknown): never {
  if (isWriteConflict(error, 'missing')) throw notFound(USER_NOT_FOUND);
  if (isWriteConflict(error, 'changed')) throw aborted(USER_CHANGED);
  if (isWriteConflict(error, 'account-missing')) throw notFound(PRACTICE_NOT_FOUND);
  throw error;
}
