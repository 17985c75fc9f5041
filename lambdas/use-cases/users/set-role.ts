import { CHANGED_MESSAGES } from '../../../core/messages';
import { GROUPS, type Group } from '../../../core/constants';
import { aborted, AppError } from '../../../core/errors';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import { groupsForRole, type UserRole } from '../../../core/schemas/users/user-role';
import type { AdminDirectory } from '../../ports/admin-directory';
import type { AuditTrail } from '../../ports/audit-log';
import type { Locks } from '../../ports/locks';
import type { UsersRepository } from '../../ports/users-repository';
import { isWriteConflict } from '../../ports/write-conflict';
import { describeError } from '../../../core/describe-error';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';
import { endUserSessions, type EndSessionsDeps } from './end-user-sessions';
import { unlessLastSuperAdmin } from './super-admin-guard';

export const SET_ROLE_FAILED = 'Failed to change the role. Nothing was changed; please try again.';

export interface SetRoleDeps extends EndSessionsDeps {
  directory: Pick<
    AdminDirectory,
    'getUser' | 'groupsOf' | 'addToGroup' | 'removeFromGroup' | 'listGroupMembers' | 'signOutEverywhere'
  >;
  users: Pick<UsersRepository, 'get' | 'create' | 'update' | 'remove'>;
  locks: Locks;
  audit?: AuditTrail;
}

type GroupStep = { op: 'add' | 'remove'; group: Group };

/**
 * spec 6/7 setRole { userId, role, isSuperAdmin } (super admins). The users record and the Cognito groups
 * change together: the record first (optimistic locking), then the groups (new ones added before old ones
 * are removed, so the user is never without a role). If a group step fails, the steps done are undone in
 * reverse and the record is put back, so the two never disagree. The user's sessions end, since their
 * tokens carry the old groups. The last enabled super admin cannot be demoted.
 */
export async function setRole(
  input: { userId: string; role: UserRole; isSuperAdmin: boolean },
  deps: SetRoleDeps,
): Promise<{ userId: string; role: UserRole; isSuperAdmin: boolean; groups: Group[] }> {
  const { userId, role, isSuperAdmin } = input;
  const target = await requireDirectoryUser(deps.directory, userId);
  const current = await deps.directory.groupsOf(userId).catch(rethrowAsAppError);
  // The billing permission is the super admin's separate grant (setBillingPermission): an admin keeps it
  // through a role change within the lab, and loses it on becoming a customer.
  const keepsBilling = role === 'admin' && current.includes('billing');
  const desired: Group[] = [...groupsForRole(role, isSuperAdmin), ...(keepsBilling ? (['billing'] as const) : [])];
  const steps: GroupStep[] = [
    ...desired.filter((g) => !current.includes(g)).map((group) => ({ op: 'add' as const, group })),
    ...GROUPS.filter((g) => current.includes(g) && !desired.includes(g)).map((group) => ({
      op: 'remove' as const,
      group,
    })),
  ];
  const record = await deps.users.get(userId);
  const answer = { userId, role, isSuperAdmin, groups: desired };
  if (steps.length === 0 && record?.role === role && record.isSuperAdmin === isSuperAdmin) return answer;

  await unlessLastSuperAdmin({ ...target, groups: current }, deps, async () => {
    await endUserSessions(userId, deps);
    const undoRecord = await writeRole(record, { userId, email: target.email, role, isSuperAdmin }, deps);
    const done: GroupStep[] = [];
    try {
      for (const step of steps) {
        if (step.op === 'add') await deps.directory.addToGroup(userId, step.group);
        else await deps.directory.removeFromGroup(userId, step.group);
        done.push(step);
      }
    } catch (error) {
      deps.log.error('setRole: a group change failed, undoing', { userId, error: describeError(error) });
      await undo(userId, done, undoRecord, deps);
      throw new AppError('internal', SET_ROLE_FAILED);
    }
    // Again: a sign-in between the revocation and the group change got a token with the old groups.
    await endUserSessions(userId, deps);
  });
  await deps.audit?.recordChange({
    action: 'user.role',
    target: { type: 'user', id: userId },
    before: {
      email: target.email,
      role: record?.role ?? null,
      isSuperAdmin: record?.isSuperAdmin ?? null,
      groups: current,
    },
    after: { email: target.email, role, isSuperAdmin, groups: desired },
    keep: ['email'],
  });
  return answer;
}

/** Writes the role on the users record (creating a minimal one for console-made users); answers its undo. */
async function writeRole(
  record: UserProfile | null,
  next: { userId: string; email: string; role: UserRole; isSuperAdmin: boolean },
  deps: SetRoleDeps,
): Promise<() => Promise<void>> {
  const { userId, role, isSuperAdmin } = next;
  if (!record) {
    await deps.users.create({
      userId,
      email: next.email,
      firstName: '',
      lastName: '',
      accountNumbers: [],
      termsAccepted: false,
      role,
      isSuperAdmin,
      version: 0,
    });
    return async () => void (await deps.users.remove(userId));
  }
  let written: UserProfile;
  try {
    written = await deps.users.update(userId, { set: { role, isSuperAdmin } }, record.version);
  } catch (error) {
    if (isWriteConflict(error)) throw aborted(CHANGED_MESSAGES.user);
    throw error;
  }
  return async () => {
    const restore = {
      set: {
        ...(record.role ? { role: record.role } : {}),
        ...(record.isSuperAdmin !== undefined ? { isSuperAdmin: record.isSuperAdmin } : {}),
      },
      remove: [
        ...(record.role ? [] : (['role'] as const)),
        ...(record.isSuperAdmin !== undefined ? [] : (['isSuperAdmin'] as const)),
      ],
    };
    await deps.users.update(userId, restore, written.version);
  };
}

async function undo(userId: string, done: GroupStep[], undoRecord: () => Promise<void>, deps: SetRoleDeps) {
  for (const step of [...done].reverse()) {
    try {
      if (step.op === 'add') await deps.directory.removeFromGroup(userId, step.group);
      else await deps.directory.addToGroup(userId, step.group);
    } catch (error) {
      deps.log.error('setRole: ROLLBACK FAILED for a group change', { userId, step, error: describeError(error) });
    }
  }
  try {
    await undoRecord();
  } catch (error) {
    deps.log.error('setRole: ROLLBACK FAILED for the users record', { userId, error: describeError(error) });
  }
}
