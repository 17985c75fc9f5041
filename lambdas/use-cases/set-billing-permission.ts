import { invalidArgument } from '../../core/errors';
import type { Group } from '../../core/constants';
import type { AdminDirectory } from '../ports/admin-directory';
import type { AuditTrail } from '../ports/audit-log';
import { requireDirectoryUser, rethrowAsAppError } from './directory-failure';
import { endUserSessions, type EndSessionsDeps } from './end-user-sessions';

export const BILLING_NEEDS_STAFF = 'Only lab staff (admins) can hold the billing permission.';

export interface SetBillingPermissionDeps extends EndSessionsDeps {
  directory: Pick<AdminDirectory, 'getUser' | 'groupsOf' | 'addToGroup' | 'removeFromGroup' | 'signOutEverywhere'>;
  audit?: AuditTrail;
}

/**
 * `setBillingPermission` (super admins): puts a lab admin in the `billing` group, or takes them out
 * (docs/decisions/0091-billing-is-a-permission-of-named-staff.md). A customer can never hold it. Taking it away
 * ends the user's sessions before and after the change, since their tokens carry the group; a grant takes
 * effect with the user's next token. Asking for what is already so changes nothing.
 */
export async function setBillingPermission(
  input: { userId: string; billing: boolean },
  deps: SetBillingPermissionDeps,
): Promise<{ userId: string; billing: boolean; groups: Group[] }> {
  const { userId, billing } = input;
  const target = await requireDirectoryUser(deps.directory, userId);
  const current = await deps.directory.groupsOf(userId).catch(rethrowAsAppError);
  if (billing && !current.includes('admin')) throw invalidArgument(BILLING_NEEDS_STAFF);
  const groups: Group[] = billing
    ? [...current.filter((g) => g !== 'billing'), 'billing']
    : current.filter((g) => g !== 'billing');
  if (current.includes('billing') === billing) return { userId, billing, groups: current };

  if (billing) await deps.directory.addToGroup(userId, 'billing').catch(rethrowAsAppError);
  else {
    await endUserSessions(userId, deps);
    await deps.directory.removeFromGroup(userId, 'billing').catch(rethrowAsAppError);
    // Again: a sign-in between the revocation and the group change got a token with the group.
    await endUserSessions(userId, deps);
  }
  await deps.audit?.recordChange({
    action: 'user.billing',
    target: { type: 'user', id: userId },
    before: { email: target.email, billing: !billing },
    after: { email: target.email, billing },
    keep: ['email'],
  });
  return { userId, billing, groups };
}
