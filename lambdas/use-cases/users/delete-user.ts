import { AppError } from '../../../core/errors';
import type { Identity } from '../../auth/verify-token';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { ActivityRepository } from '../../ports/activity-repository';
import type { AuditTrail } from '../../ports/audit-log';
import type { Locks } from '../../ports/locks';
import type { UsersRepository } from '../../ports/users-repository';
import { describeError } from '../../../core/describe-error';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';
import { endUserSessions, revokeSessions, type EndSessionsDeps } from './end-user-sessions';
import { refuseSelf } from './self-guard';
import { unlessLastSuperAdmin } from './super-admin-guard';

export const DELETE_USER_FAILED = 'Failed to delete the user. Nothing was deleted; please try again.';

export interface DeleteUserDeps extends EndSessionsDeps {
  directory: Pick<AdminDirectory, 'getUser' | 'groupsOf' | 'listGroupMembers' | 'deleteUser' | 'signOutEverywhere'>;
  users: Pick<UsersRepository, 'remove' | 'restore'>;
  activity: Pick<ActivityRepository, 'delete'>;
  locks: Locks;
  audit?: AuditTrail;
}

/**
 * spec 6/7 deleteUser (super admins). Never oneself, never the last super admin. The user's sessions end
 * first (their saved token is refused at once), then the users record goes, then the account; if the
 * account cannot be deleted the record is put back, so Cognito and the table agree either way. The
 * activity record goes last, best effort. Practices that listed the user keep a stale id, which
 * getCustomer drops (it reads the users' own records).
 */
export async function deleteUser(
  caller: Identity,
  userId: string,
  deps: DeleteUserDeps,
): Promise<{ userId: string; deleted: true }> {
  refuseSelf(caller, userId, 'delete');
  const target = await requireDirectoryUser(deps.directory, userId);
  const groups = await deps.directory.groupsOf(userId).catch(rethrowAsAppError);

  let role: string | undefined;
  await unlessLastSuperAdmin({ ...target, groups }, deps, async () => {
    await endUserSessions(userId, deps);
    const stored = await deps.users.remove(userId);
    role = typeof stored?.role === 'string' ? stored.role : undefined;
    try {
      await deps.directory.deleteUser(userId);
    } catch (error) {
      deps.log.error('deleteUser: deleting the account failed, restoring the users record', {
        userId,
        error: describeError(error),
      });
      if (stored) {
        await deps.users.restore(stored).catch((restoreError: unknown) =>
          deps.log.error('deleteUser: ROLLBACK FAILED, users record lost for an existing account', {
            userId,
            error: describeError(restoreError),
          }),
        );
      }
      throw new AppError('internal', DELETE_USER_FAILED);
    }
    // Again: a sign-in between the revocation and the delete got a token the first one does not cover.
    await revokeSessions(userId, deps);
  });

  await deps.audit?.recordChange({
    action: 'user.delete',
    target: { type: 'user', id: userId },
    before: { userId, email: target.email, groups, ...(role ? { role } : {}) },
    after: null,
  });
  await deps.activity
    .delete(userId)
    .catch((error: unknown) =>
      deps.log.warn('deleteUser: activity record not deleted', { userId, error: describeError(error) }),
    );
  return { userId, deleted: true };
}
