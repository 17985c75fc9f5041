import type { Group } from '../../../core/constants';
import type { AdminUser } from '../../../core/schemas/users/user-admin';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import { roleOfGroups } from '../../../core/schemas/users/user-role';
import { mapWithLimit } from '../../concurrency/map-with-limit';
import type { ActivityRepository } from '../../ports/activity-repository';
import type { AdminDirectory, DirectoryUser } from '../../ports/admin-directory';
import { suppressionKey, type EmailSuppression, type EmailSuppressions } from '../../ports/email-suppressions';
import type { UsersRepository } from '../../ports/users-repository';

export interface AdminUserViewDeps {
  directory: Pick<AdminDirectory, 'groupsOf'>;
  users: Pick<UsersRepository, 'batchGet'>;
  activity: Pick<ActivityRepository, 'lastActivities'>;
  /** Addresses that bounced or complained: the row says the portal no longer mails the user. */
  suppressions: Pick<EmailSuppressions, 'find'>;
}

/** Per-user group lookups in flight at once (Cognito's admin read quotas are per second). */
const GROUP_LOOKUPS_IN_FLIGHT = 8;

export function adminUserOf(
  user: DirectoryUser,
  groups: Group[],
  profile: UserProfile | undefined,
  lastActivity: number | undefined,
  suppression?: EmailSuppression,
): AdminUser {
  const { role, isSuperAdmin } = roleOfGroups(groups);
  return {
    userId: user.userId,
    email: user.email || profile?.email || '',
    // The users record is what the user edits (updateMyProfile); Cognito's names are the fallback.
    firstName: profile?.firstName || user.firstName,
    lastName: profile?.lastName || user.lastName,
    enabled: user.enabled,
    emailVerified: user.emailVerified,
    status: user.status,
    groups,
    role,
    isSuperAdmin,
    ...(profile?.accountNumber ? { accountNumber: profile.accountNumber } : {}),
    accountNumbers: profile?.accountNumbers ?? [],
    createdAt: user.createdAt,
    lastActivity: lastActivity ?? null,
    ...(suppression ? { emailSuppressed: { reason: suppression.reason, at: suppression.at } } : {}),
  };
}

/**
 * Turns directory users into list rows: groups from the directory, records from the users table, last
 * activity from the userActivity table and suppressed addresses, each read as one batch (BatchGetItem), not
 * one call per user.
 */
export async function adminUsersOf(
  directoryUsers: DirectoryUser[],
  deps: AdminUserViewDeps,
  knownGroups?: Map<string, Group[]>,
): Promise<AdminUser[]> {
  const ids = directoryUsers.map((u) => u.userId);
  const [groups, profiles, activity, suppressed] = await Promise.all([
    mapWithLimit(directoryUsers, GROUP_LOOKUPS_IN_FLIGHT, (u) =>
      knownGroups?.has(u.userId) ? Promise.resolve(knownGroups.get(u.userId)!) : deps.directory.groupsOf(u.userId),
    ),
    ids.length ? deps.users.batchGet(ids) : Promise.resolve([]),
    ids.length ? deps.activity.lastActivities(ids) : Promise.resolve(new Map<string, number>()),
    deps.suppressions.find(directoryUsers.map((u) => u.email)),
  ]);
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  return directoryUsers.map((u, i) =>
    adminUserOf(
      u,
      groups[i] ?? [],
      byId.get(u.userId),
      activity.get(u.userId),
      suppressed.get(suppressionKey(u.email)),
    ),
  );
}
