import type { UserProfile } from '../../core/schemas/users/user-profile';
import type { OutboxMessage } from '../kernel/outbox';
import type { PracticeRole } from '../../core/rules/practice-roles';

/** A user's accounts after a link or unlink (spec 1: one main account plus additional ones). */
export interface AccountLinkChange {
  userId: string;
  /** The users-record version the change was computed from (optimistic locking). */
  expectedVersion: number;
  accountNumber: string | null;
  accountNumbers: string[];
  /**
   * The user's whole roles map after the change (core/rules/practice-roles.ts), when it changes; left out, the
   * stored map stays as it is.
   */
  practiceRoles?: Partial<Record<string, readonly PracticeRole[]>>;
  /**
   * The practice gaining the user or losing them; either must exist ('account-missing' otherwise), so the
   * caller leaves `unlinked` out when the practice is gone.
   */
  linked?: string;
  unlinked?: string;
}

/**
 * Writes a user's account links and the practices' lists of linked users in one transaction, so the two
 * never disagree, with the `notices` the change causes. WriteConflict: 'changed' or 'missing' (the users
 * record), 'account-missing' (the practice to link does not exist); a refused change stores no notice.
 */
export interface AccountLinks {
  apply(change: AccountLinkChange, notices?: readonly OutboxMessage[]): Promise<UserProfile>;
}
