import type { UserProfile } from '../../core/schemas/users/user-profile';
import type { RecordChanges, StoredItem } from './record-changes';
import type { OutboxMessage } from '../kernel/outbox';

export interface UsersRepository {
  get(userId: string): Promise<UserProfile | null>;
  /**
   * Creates the user's record with the `notices` it causes (one transaction); WriteConflict 'exists' when a
   * record exists already (conditional put), and then no notice is stored.
   */
  create(profile: UserProfile, notices?: readonly OutboxMessage[]): Promise<void>;
  /**
   * Records the terms acceptance (spec 4 "Terms") on an existing record, once: an earlier acceptance keeps
   * its date. Null when the user has no record.
   */
  recordTermsAcceptance(userId: string, acceptedAt: string): Promise<UserProfile | null>;
  /**
   * Applies `changes` when the stored version is `expectedVersion` and counts the version up (optimistic
   * locking). WriteConflict 'missing' or 'changed' otherwise.
   */
  update(userId: string, changes: RecordChanges<UserProfile>, expectedVersion: number): Promise<UserProfile>;
  /** Deletes the record; answers it as it was stored (to restore it if a later step fails), or null. */
  remove(userId: string): Promise<StoredItem | null>;
  /** Puts a removed record back, unless a record exists again under its id. */
  restore(item: StoredItem): Promise<void>;
  /** The records of these users that exist, in no particular order. */
  batchGet(userIds: string[]): Promise<UserProfile[]>;
}
