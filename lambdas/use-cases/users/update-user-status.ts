import type { Identity } from '../../auth/verify-token';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { AuditTrail } from '../../ports/audit-log';
import type { Locks } from '../../ports/locks';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';
import { endUserSessions, type EndSessionsDeps } from './end-user-sessions';
import { refuseSelf } from './self-guard';
import { unlessLastSuperAdmin } from './super-admin-guard';

export interface UpdateUserStatusDeps extends EndSessionsDeps {
  directory: Pick<AdminDirectory, 'getUser' | 'groupsOf' | 'listGroupMembers' | 'setEnabled' | 'signOutEverywhere'>;
  locks: Locks;
  audit?: AuditTrail;
}

/**
 * spec 6/7 updateUserStatus { userId, disabled } (super admins). Disabling ends the user's sessions first:
 * the revocation record is written before the account is disabled, so there is no moment when the user
 * is disabled but their token still works (if disabling then fails, they are only signed out); and again
 * after, for a sign-in that slipped in between. Never oneself; never the last enabled super admin.
 */
export async function updateUserStatus(
  caller: Identity,
  input: { userId: string; disabled: boolean },
  deps: UpdateUserStatusDeps,
): Promise<{ userId: string; disabled: boolean }> {
  const { userId, disabled } = input;
  if (disabled) refuseSelf(caller, userId, 'disable');
  const target = await requireDirectoryUser(deps.directory, userId);
  const recorded = () =>
    deps.audit?.recordChange({
      action: 'user.status',
      target: { type: 'user', id: userId },
      before: { email: target.email, disabled: !target.enabled },
      after: { email: target.email, disabled },
      keep: ['email'],
    });
  if (!disabled) {
    await deps.directory.setEnabled(userId, true).catch(rethrowAsAppError);
    await recorded();
    return { userId, disabled: false };
  }
  const groups = await deps.directory.groupsOf(userId).catch(rethrowAsAppError);
  await unlessLastSuperAdmin({ ...target, groups }, deps, async () => {
    await endUserSessions(userId, deps);
    await deps.directory.setEnabled(userId, false).catch(rethrowAsAppError);
    // Again: a sign-in between the revocation and the disable got a token the first one does not cover.
    await endUserSessions(userId, deps);
  });
  await recorded();
  return { userId, disabled: true };
}
