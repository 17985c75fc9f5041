import type { UserProfile } from '../../core/schemas/users/user-profile';

/** A user's accounts after a link or unlink (spec 1: one main account plus additional ones). */
export interface AccountLinkChange {
  userId: string;
  /** The users-record version the change was computed from (optimistic locking). */
  expectedVersion: number;
  accountNumber: string | null;
  accountNumbers: string[];
  /**
   * The practice gaining the user or losing them; either must exist ('account-missing' otherwise), so the
   * caller leaves `unlinked` out when the practice is gone.
   */
  linked?: string;
  unlinked?: string;
}

/**
 * Writes a user's account links and the practices' lists of linked users in one transaction, so the two
 * never disagree. WriteConflict: 'changed' or 'missing' (the users record), 'account-missing' (the
 * practice to link does not exist).
 */
export interface AccountLinks {
  apply(change: AccountLinkChange): Promise<UserProfile>;
}
