import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, notFound } from '../../../core/errors';
import { type AccountLinksOutput } from '../../../core/schemas/customers/customer-admin';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import type { AccountLinks } from '../../ports/account-links';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { UsersRepository } from '../../ports/users-repository';
import {
  accountsOf,
  rolesWithLink,
  rolesWithoutLink,
  withAccountLinked,
  withAccountUnlinked,
  type Accounts,
} from './account-link-rules';
import { rolesOnJoining, type PracticeRole } from '../../../core/rules/practice-roles';
import { linkWriteError, PRACTICE_NOT_FOUND } from './customer-errors';
import { USER_NOT_FOUND } from '../users';

export interface AccountLinkDeps {
  users: Pick<UsersRepository, 'get'>;
  customers: Pick<CustomersRepository, 'get' | 'linkedUserIds'>;
  links: AccountLinks;
  audit?: AuditTrail;
}

const answer = (user: UserProfile): AccountLinksOutput => ({
  userId: user.userId,
  ...accountsOf(user),
  version: user.version,
});

async function currentUser(userId: string, version: number | undefined, deps: AccountLinkDeps) {
  const user = await deps.users.get(userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (version !== undefined && version !== user.version) throw aborted(CHANGED_MESSAGES.user);
  return user;
}

const unchanged = (a: Accounts, b: Accounts) =>
  a.accountNumber === b.accountNumber && a.accountNumbers.join() === b.accountNumbers.join();

/** The user's accounts before and after a link or unlink, in the audit log under the practice. */
const recordLinkChange = (
  action: 'practice.link-user' | 'practice.unlink-user',
  user: UserProfile,
  accountNumber: string,
  before: Accounts,
  after: Accounts & { roles?: PracticeRole[] },
  deps: AccountLinkDeps,
) =>
  deps.audit?.recordChange({
    action,
    target: { type: 'user', id: user.userId },
    accountNumber,
    before: { email: user.email, ...before },
    after: { email: user.email, ...after },
    keep: ['email'],
  });

/**
 * The roles a user gets on joining a practice, unless named: the practice's first user runs it (practice admin
 * and doctor), later ones start as staff (docs/decisions/0112-practice-roles.md).
 */
export async function joiningRoles(
  accountNumber: string,
  userId: string,
  deps: { customers: Pick<CustomersRepository, 'linkedUserIds'> },
): Promise<PracticeRole[]> {
  const others = (await deps.customers.linkedUserIds(accountNumber)).filter((id) => id !== userId);
  return rolesOnJoining(others.length);
}

/**
 * `linkUserToAccount` (super admins): adds an existing practice to a user's accounts; the first one
 * becomes the main account. The users record (optimistic locking on its version) and the practice's list
 * of users change in one transaction, with the user's roles in the practice (`roles`, else joiningRoles).
 * Linking twice changes nothing.
 */
export async function linkUserToAccount(
  input: { userId: string; accountNumber: string; version?: number | undefined; roles?: PracticeRole[] | undefined },
  deps: AccountLinkDeps,
): Promise<AccountLinksOutput> {
  const user = await currentUser(input.userId, input.version, deps);
  if (!(await deps.customers.get(input.accountNumber))) throw notFound(PRACTICE_NOT_FOUND);
  const before = accountsOf(user);
  const after = withAccountLinked(before, input.accountNumber);
  if (unchanged(before, after)) return answer(user);
  const roles = input.roles ?? (await joiningRoles(input.accountNumber, user.userId, deps));
  const stored = await deps.links
    .apply({
      userId: user.userId,
      expectedVersion: user.version,
      ...after,
      practiceRoles: rolesWithLink(user, input.accountNumber, roles),
      linked: input.accountNumber,
    })
    .catch(linkWriteError);
  await recordLinkChange('practice.link-user', user, input.accountNumber, before, { ...after, roles }, deps);
  return answer(stored);
}

/**
 * `unlinkUserFromAccount` (super admins): removes an account from a user; when it was the main account,
 * the first additional one becomes main. A practice that no longer exists is simply dropped from the user.
 */
export async function unlinkUserFromAccount(
  input: { userId: string; accountNumber: string; version?: number | undefined },
  deps: AccountLinkDeps,
): Promise<AccountLinksOutput> {
  const user = await currentUser(input.userId, input.version, deps);
  const before = accountsOf(user);
  const after = withAccountUnlinked(before, input.accountNumber);
  if (unchanged(before, after)) return answer(user);
  const practiceExists = (await deps.customers.get(input.accountNumber)) !== null;
  const stored = await deps.links
    .apply({
      userId: user.userId,
      expectedVersion: user.version,
      ...after,
      practiceRoles: rolesWithoutLink(user, input.accountNumber),
      ...(practiceExists ? { unlinked: input.accountNumber } : {}),
    })
    .catch(linkWriteError);
  await recordLinkChange('practice.unlink-user', user, input.accountNumber, before, after, deps);
  return answer(stored);
}
