import { CHANGED_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { aborted, callerGone } from '../../../core/errors';
import { PROFILE_FIELDS, type updateMyProfileInputSchema } from '../../../core/schemas/profile/profile-update';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import type { Identity } from '../../auth/verify-token';
import type { RecordChanges } from '../../ports/record-changes';
import type { UsersRepository } from '../../ports/users-repository';
import { isWriteConflict } from '../../ports/write-conflict';

/** spec 5's message for a user whose record is missing. */
export const USER_DATA_NOT_FOUND = 'User data not found';

/**
 * `updateMyProfile`: the caller's own spec 3 fields, on their own record (the id comes from the token).
 * Only PROFILE_FIELDS can be written (the schema refuses anything else); an empty string clears an
 * optional field. Optimistic locking: the write happens only if the record is still at `version`.
 */
export async function updateMyProfile(
  caller: Identity,
  input: z.output<typeof updateMyProfileInputSchema>,
  users: Pick<UsersRepository, 'get' | 'update'>,
): Promise<UserProfile> {
  const changes: Required<RecordChanges<UserProfile>> = { set: {}, remove: [] };
  for (const field of PROFILE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === '') changes.remove.push(field);
    else changes.set[field] = value;
  }
  if (Object.keys(changes.set).length === 0 && changes.remove.length === 0) {
    const current = await users.get(caller.userId);
    if (!current) throw callerGone(USER_DATA_NOT_FOUND);
    if (current.version !== input.version) throw aborted(CHANGED_MESSAGES.profile);
    return current;
  }
  try {
    return await users.update(caller.userId, changes, input.version);
  } catch (error) {
    if (isWriteConflict(error, 'missing')) throw callerGone(USER_DATA_NOT_FOUND);
    if (isWriteConflict(error, 'changed')) throw aborted(CHANGED_MESSAGES.profile);
    throw error;
  }
}
