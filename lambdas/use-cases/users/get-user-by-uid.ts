import { invalidArgument } from '../../../core/errors';
import { USER_ID_REQUIRED, type AdminUserDetail } from '../../../core/schemas/users/user-admin';
import type { ActivityRepository } from '../../ports/activity-repository';
import type { AdminDirectory } from '../../ports/admin-directory';
import { suppressionKey, type EmailSuppressions } from '../../ports/email-suppressions';
import type { UsersRepository } from '../../ports/users-repository';
import { adminUserOf } from './admin-user-view';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';

/** spec 6/7 getUserByUid { uid } (super admins): the list row plus the full users record. */
export async function getUserByUid(
  uid: string | undefined,
  deps: {
    directory: Pick<AdminDirectory, 'getUser' | 'groupsOf'>;
    users: Pick<UsersRepository, 'get'>;
    activity: Pick<ActivityRepository, 'lastActivities'>;
    suppressions: Pick<EmailSuppressions, 'find'>;
  },
): Promise<AdminUserDetail> {
  // spec 5: "User ID is required."
  if (!uid) throw invalidArgument(USER_ID_REQUIRED, { uid: [USER_ID_REQUIRED] });
  const user = await requireDirectoryUser(deps.directory, uid);
  const [groups, profile, activity, suppressed] = await Promise.all([
    deps.directory.groupsOf(uid).catch(rethrowAsAppError),
    deps.users.get(uid),
    deps.activity.lastActivities([uid]),
    deps.suppressions.find([user.email]),
  ]);
  const suppression = suppressed.get(suppressionKey(user.email));
  return { ...adminUserOf(user, groups, profile ?? undefined, activity.get(uid), suppression), profile };
}
