import { invalidArgument, notFound } from '../../../core/errors';
import { normalizedRoles, rolesIn, type PracticeRole } from '../../../core/rules/practice-roles';
import type {
  PracticePeople,
  PracticePerson,
  RemovePracticePersonInput,
  SetPracticeRolesInput,
} from '../../../core/schemas/customers/practice-people';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import type { Identity } from '../../auth/verify-token';
import { ACCOUNT_NOT_FOUND, displayName, isLab, practicesAllowing } from '../../kernel/caller';
import type { Clock } from '../../kernel/clock';
import type { AccountLinks } from '../../ports/account-links';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { SessionRevocations } from '../../ports/session-revocations';
import type { UsersRepository } from '../../ports/users-repository';
import { revokeSessions } from '../users';
import { accountsOf, isLinked, rolesWithLink, rolesWithoutLink, withAccountUnlinked } from './account-link-rules';
import { linkWriteError, PRACTICE_NOT_FOUND } from './customer-errors';

export const PRACTICE_PEOPLE_MESSAGES = {
  notInPractice: 'This person is not in this practice',
  keepAnAdmin: 'The practice needs at least one practice admin: make someone else practice admin first',
  notYourself: 'You cannot remove yourself from the practice; ask another practice admin or the lab',
} as const;

export interface PracticePeopleDeps {
  users: Pick<UsersRepository, 'get' | 'batchGet'>;
  customers: Pick<CustomersRepository, 'get' | 'linkedUserIds'>;
  links: AccountLinks;
  audit?: AuditTrail;
}

export interface RemovePracticePersonDeps extends PracticePeopleDeps, Pick<Clock, 'now'> {
  /** Pass the process-wide cached store (sharedSessionRevocations) so this process refuses the tokens at once. */
  revocations: Pick<SessionRevocations, 'revoke'>;
}

/**
 * The practice the caller may manage: the lab any practice, a practice user one where they are practice admin.
 * "Not yours" and "does not exist" answer alike, so account numbers cannot be probed.
 */
async function managedPractice(caller: Identity, accountNumber: string, deps: PracticePeopleDeps): Promise<void> {
  if (!isLab(caller) && !practicesAllowing(await deps.users.get(caller.userId), 'people').includes(accountNumber))
    throw notFound(ACCOUNT_NOT_FOUND);
  if (!(await deps.customers.get(accountNumber)))
    throw notFound(isLab(caller) ? PRACTICE_NOT_FOUND : ACCOUNT_NOT_FOUND);
}

async function practiceUsers(accountNumber: string, deps: PracticePeopleDeps): Promise<UserProfile[]> {
  const ids = await deps.customers.linkedUserIds(accountNumber);
  const users = ids.length ? await deps.users.batchGet(ids) : [];
  return users.filter((user) => isLinked(accountsOf(user), accountNumber));
}

const personOf = (user: UserProfile, accountNumber: string): PracticePerson => ({
  userId: user.userId,
  email: user.email,
  name: displayName(user, user.email),
  roles: rolesIn(user.practiceRoles, accountNumber),
  legacy: !user.practiceRoles?.[accountNumber],
});

/** The practice's person `userId`, or not-found. */
async function memberOf(accountNumber: string, userId: string, deps: PracticePeopleDeps): Promise<UserProfile> {
  const user = await deps.users.get(userId);
  if (!user || !isLinked(accountsOf(user), accountNumber)) throw notFound(PRACTICE_PEOPLE_MESSAGES.notInPractice);
  return user;
}

/**
 * A practice user may not leave the practice without a practice admin; the lab may (it can always name one).
 */
async function keepsAnAdmin(
  caller: Identity,
  accountNumber: string,
  changed: { userId: string; roles: readonly PracticeRole[] | null },
  deps: PracticePeopleDeps,
): Promise<void> {
  if (isLab(caller)) return;
  const admins = (await practiceUsers(accountNumber, deps)).filter((user) => {
    const roles = user.userId === changed.userId ? changed.roles : rolesIn(user.practiceRoles, accountNumber);
    return roles?.includes('practiceAdmin');
  });
  if (admins.length === 0) throw invalidArgument(PRACTICE_PEOPLE_MESSAGES.keepAnAdmin);
}

/** `listPracticePeople`: the practice's people and their roles, for its practice admin and the lab. */
export async function listPracticePeople(
  caller: Identity,
  input: { accountNumber: string },
  deps: PracticePeopleDeps,
): Promise<PracticePeople> {
  await managedPractice(caller, input.accountNumber, deps);
  const people = (await practiceUsers(input.accountNumber, deps))
    .map((user) => personOf(user, input.accountNumber))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { accountNumber: input.accountNumber, people };
}

/**
 * `setPracticeRoles`: a person's roles in the practice, written on their link (optimistic locking on the users
 * record) and in the audit trail. Applies at their next request: the wrapper reads roles on every call.
 */
export async function setPracticeRoles(
  caller: Identity,
  input: SetPracticeRolesInput,
  deps: PracticePeopleDeps,
): Promise<PracticePerson> {
  await managedPractice(caller, input.accountNumber, deps);
  const user = await memberOf(input.accountNumber, input.userId, deps);
  const roles = normalizedRoles(input.roles);
  const before = rolesIn(user.practiceRoles, input.accountNumber);
  if (user.practiceRoles?.[input.accountNumber] && before.join() === roles.join())
    return personOf(user, input.accountNumber);
  await keepsAnAdmin(caller, input.accountNumber, { userId: user.userId, roles }, deps);
  await deps.links
    .apply({
      userId: user.userId,
      expectedVersion: user.version,
      ...accountsOf(user),
      practiceRoles: rolesWithLink(user, input.accountNumber, roles),
    })
    .catch(linkWriteError);
  await deps.audit?.recordChange({
    action: 'practice.set-roles',
    target: { type: 'user', id: user.userId },
    accountNumber: input.accountNumber,
    before: { email: user.email, roles: before },
    after: { email: user.email, roles },
    keep: ['email'],
  });
  return { ...personOf(user, input.accountNumber), roles, legacy: false };
}

/**
 * `removePracticePerson`: unlinks the person from the practice (their roles there go with the link) and ends
 * their sessions at once (docs/decisions/0007-server-side-sign-out.md), so a page left open stops working now
 * rather than at the next role check. A practice admin cannot remove themselves.
 */
export async function removePracticePerson(
  caller: Identity,
  input: RemovePracticePersonInput,
  deps: RemovePracticePersonDeps,
): Promise<{ removed: true }> {
  await managedPractice(caller, input.accountNumber, deps);
  if (!isLab(caller) && caller.userId === input.userId) throw invalidArgument(PRACTICE_PEOPLE_MESSAGES.notYourself);
  const user = await memberOf(input.accountNumber, input.userId, deps);
  await keepsAnAdmin(caller, input.accountNumber, { userId: user.userId, roles: null }, deps);
  const before = accountsOf(user);
  const after = withAccountUnlinked(before, input.accountNumber);
  await deps.links
    .apply({
      userId: user.userId,
      expectedVersion: user.version,
      ...after,
      practiceRoles: rolesWithoutLink(user, input.accountNumber),
      unlinked: input.accountNumber,
    })
    .catch(linkWriteError);
  await revokeSessions(user.userId, deps);
  await deps.audit?.recordChange({
    action: 'practice.unlink-user',
    target: { type: 'user', id: user.userId },
    accountNumber: input.accountNumber,
    before: { email: user.email, ...before, roles: rolesIn(user.practiceRoles, input.accountNumber) },
    after: { email: user.email, ...after },
    keep: ['email'],
  });
  return { removed: true };
}
