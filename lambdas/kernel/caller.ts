import { notFound } from '../../core/errors';
import type { UserProfile } from '../../core/schemas/users/user-profile';
import type { Identity } from '../auth/verify-token';
import type { UsersRepository } from '../ports/users-repository';
import { permits, rolesIn, type PracticeAbility } from '../../core/rules/practice-roles';

/**
 * What every use case may ask about its caller: lab or practice, the name the lab's records keep, and the
 * accounts a practice user is linked to. Orders, invoices, payments, credit, consults and customer info all
 * read these, so they live in the kernel, below every domain.
 */

/** Same answer for "not yours" and "does not exist", so account numbers cannot be probed. */
export const ACCOUNT_NOT_FOUND = 'Account not found';

/** The lab: admins (super admins are in `admin` too). Everyone else is a practice user. */
export const isLab = (caller: Identity) => caller.groups.includes('admin');

export function displayName(user: UserProfile | null, fallback: string): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.email || fallback;
}

/** Who is acting, as the lab's records keep it (invoices, claims, consult answers): their id and name. */
export async function actorOf(caller: Identity, deps: { users: Pick<UsersRepository, 'get'> }) {
  return { userId: caller.userId, name: displayName(await deps.users.get(caller.userId), caller.email) };
}

/** The user's linked accounts, main account first, each once. */
export function linkedAccounts(user: Pick<UserProfile, 'accountNumber' | 'accountNumbers'> | null): string[] {
  if (!user) return [];
  const all = [user.accountNumber, ...user.accountNumbers].filter((a): a is string => Boolean(a && a.trim()));
  return [...new Set(all)];
}

/** The linked practices whose roles, as `user` holds them, allow `ability` (core/rules/practice-roles.ts). */
export function practicesAllowing(
  user: Pick<UserProfile, 'accountNumber' | 'accountNumbers' | 'practiceRoles'> | null,
  ability: PracticeAbility,
): string[] {
  return linkedAccounts(user).filter((account) => permits(rolesIn(user?.practiceRoles, account), ability));
}

/**
 * The caller's linked accounts this route lets them act in: on a route with a `practice` ability, only the
 * practices whose roles allow it (the handler wrapper names them: lambdas/auth/practice-role-check.ts), so a user
 * who bills for one practice and is a doctor in another sees the patients of the second only.
 */
export function callerLinkedAccounts(
  caller: Identity,
  user: Pick<UserProfile, 'accountNumber' | 'accountNumbers'> | null,
): string[] {
  const linked = linkedAccounts(user);
  const allowed = caller.practiceAccounts;
  return allowed ? linked.filter((account) => allowed.includes(account)) : linked;
}

/** The caller's users record and linked accounts (a lab caller's list is usually empty). */
export async function callerAccounts(caller: Identity, deps: { users: Pick<UsersRepository, 'get'> }) {
  const user = await deps.users.get(caller.userId);
  return { user, linked: callerLinkedAccounts(caller, user) };
}

/**
 * The accounts whose money (invoices, payments, credit) the caller may see: the lab every account (null), a
 * practice user the accounts linked to them.
 */
export async function visibleAccounts(
  caller: Identity,
  deps: { users: Pick<UsersRepository, 'get'> },
): Promise<string[] | null> {
  if (isLab(caller)) return null;
  return callerLinkedAccounts(caller, await deps.users.get(caller.userId));
}

/**
 * Whose patients the caller may read on money documents (invoice lines name them): the lab every account's, a
 * practice user those of the practices where their roles grant `orders`. A biller sees what is owed without
 * the patients (minimum necessary; docs/decisions/0112-practice-roles.md).
 */
export async function patientsVisibleIn(
  caller: Identity,
  deps: { users: Pick<UsersRepository, 'get'> },
): Promise<(accountNumber: string) => boolean> {
  if (isLab(caller)) return () => true;
  const allowed = practicesAllowing(await deps.users.get(caller.userId), 'orders');
  return (accountNumber) => allowed.includes(accountNumber);
}

/** Throws not-found unless the caller may see this account's money. */
export async function assertAccountVisible(
  caller: Identity,
  accountNumber: string,
  deps: { users: Pick<UsersRepository, 'get'> },
): Promise<void> {
  const accounts = await visibleAccounts(caller, deps);
  if (accounts && !accounts.includes(accountNumber)) throw notFound(ACCOUNT_NOT_FOUND);
}
