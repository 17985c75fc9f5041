import type { UserProfile } from '../../../core/schemas/users/user-profile';
import type { PracticeRole, PracticeRolesByAccount } from '../../../core/rules/practice-roles';

/** A user's accounts: the main one (spec 1) and the additional ones, each once, never the main among them. */
export interface Accounts {
  accountNumber: string | null;
  accountNumbers: string[];
}

export const accountsOf = (user: Pick<UserProfile, 'accountNumber' | 'accountNumbers'>): Accounts => ({
  accountNumber: user.accountNumber || null,
  accountNumbers: user.accountNumbers.filter((a) => a && a !== user.accountNumber),
});

export const isLinked = (accounts: Accounts, account: string) =>
  accounts.accountNumber === account || accounts.accountNumbers.includes(account);

/** Links an account: the first one becomes the main account, later ones are additional. */
export function withAccountLinked(accounts: Accounts, account: string): Accounts {
  if (isLinked(accounts, account)) return accounts;
  if (!accounts.accountNumber) return { accountNumber: account, accountNumbers: accounts.accountNumbers };
  return { accountNumber: accounts.accountNumber, accountNumbers: [...accounts.accountNumbers, account] };
}

/** Makes an account the main one (approval of an account request); a previous main becomes additional. */
export function withMainAccount(accounts: Accounts, account: string): Accounts {
  if (accounts.accountNumber === account) return accounts;
  const others = accounts.accountNumbers.filter((a) => a !== account);
  return {
    accountNumber: account,
    accountNumbers: accounts.accountNumber ? [accounts.accountNumber, ...others] : others,
  };
}

/** Unlinks an account; when it was the main one, the first additional account becomes the main one. */
export function withAccountUnlinked(accounts: Accounts, account: string): Accounts {
  if (accounts.accountNumber === account) {
    const [next = null, ...rest] = accounts.accountNumbers;
    return { accountNumber: next, accountNumbers: rest };
  }
  return {
    accountNumber: accounts.accountNumber,
    accountNumbers: accounts.accountNumbers.filter((a) => a !== account),
  };
}

/** The roles map after `account` is linked with `roles` (the user's other practices keep theirs). */
export function rolesWithLink(
  user: Pick<UserProfile, 'practiceRoles'>,
  account: string,
  roles: readonly PracticeRole[],
): PracticeRolesByAccount {
  return { ...user.practiceRoles, [account]: [...roles] };
}

/** The roles map after `account` is unlinked: its roles go with the link. */
export function rolesWithoutLink(user: Pick<UserProfile, 'practiceRoles'>, account: string): PracticeRolesByAccount {
  const { [account]: _gone, ...rest } = user.practiceRoles ?? {};
  return rest;
}
