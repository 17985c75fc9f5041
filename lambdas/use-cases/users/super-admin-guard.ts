import type { Group } from '../../../core/constants';
import { aborted } from '../../../core/errors';
import type { AdminDirectory, DirectoryUser } from '../../ports/admin-directory';
import { LockBusy, type Locks } from '../../ports/locks';

export const SUPER_ADMIN_MESSAGES = {
  last: 'There must always be at least one super admin. Make another user a super admin first.',
  busy: 'Another change to super admins is in progress. Please try again.',
} as const;

/** Guarded changes hold the lock at most this long (a Lambda times out at 29 s). */
const LOCK_SECONDS = 30;

/** Every member of a group, through all pages. */
export async function allGroupMembers(
  directory: Pick<AdminDirectory, 'listGroupMembers'>,
  group: Group,
): Promise<DirectoryUser[]> {
  const members: DirectoryUser[] = [];
  let token: string | undefined;
  do {
    const page = await directory.listGroupMembers(group, { limit: 60, token });
    members.push(...page.users);
    token = page.nextToken ?? undefined;
  } while (token);
  return members;
}

/**
 * Runs `change` (which removes, disables or demotes `target`) unless the target is the last enabled super
 * admin. When the target is an enabled super admin, the count and the change run under one lock, so two
 * super admins demoting each other at the same moment cannot both pass the count and leave none.
 */
export async function unlessLastSuperAdmin<T>(
  target: Pick<DirectoryUser, 'userId' | 'enabled'> & { groups: readonly Group[] },
  deps: { directory: Pick<AdminDirectory, 'listGroupMembers'>; locks: Locks },
  change: () => Promise<T>,
): Promise<T> {
  if (!target.enabled || !target.groups.includes('superadmin')) return change();
  try {
    return await deps.locks.withLock('superadmins', LOCK_SECONDS, async () => {
      const members = await allGroupMembers(deps.directory, 'superadmin');
      const others = members.filter((m) => m.enabled && m.userId !== target.userId);
      if (others.length === 0) throw aborted(SUPER_ADMIN_MESSAGES.last);
      return change();
    });
  } catch (error) {
    if (error instanceof LockBusy) throw aborted(SUPER_ADMIN_MESSAGES.busy);
    throw error;
  }
}
