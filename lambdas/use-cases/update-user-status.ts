import type { Identity } from '../auth/verify-token';
import type { AdminDirectory } from '../ports/admin-directory';
import type { Locks } from '../ports/locks';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';
import { endUserSessions, type EndSessionsDeps } from './end-user-sessions';
import { refuseSelf } from './self-guard';
import { unlessLastSuperAdmin } from './super-admin-guard';

export interface UpdateUserStatusDeps extends EndSessionsDeps {
  directory: Pick<AdminDirectory, 'getUser' | 'groupsOf' | 'listGroupMembers' | 'setEnabled' | 'signOutEverywhere'>;
  locks: Locks;
}

/**
 * spec 6/7 updateUserStatus { userId, disabled } (super admins). Disabling ends the user's sessions first:
 * the revocation record is written before the account is disabled, so there is no moment when the user
 * is disabled but their token still works (if disabling then fails, they are only signed out). Never
 * oneself; never the last enabled super admin.
 */
export async function updateUserStatus(
  caller: Identity,
  input: { userId: string; disabled: boolean },
  deps: UpdateUserStatusDeps,
): Promise<{ userId: string; disabled: boolean }> {
  const { userId, disabled } = input;
  if (disabled) refuseSelf(caller, userId, 'disable');
  const target = await requireDirectoryUser(deps.directory, userId);
  if (!disabled) {
    await deps.directory.setEnabled(userId, true).catch(rethrowAsAppError);
    return { userId, disabled: false };
  }
  const groups = await deps.directory.groupsOf(userId).catch(rethrowAsAppError);
  await unlessLastSuperAdmin({ ...target, groups }, deps, async () => {
    await endUserSessions(userId, deps);
    await deps.directory.setEnabled(userId, false).catch(rethrowAsAppError);
  });
  return { userId, disabled: true };
}
