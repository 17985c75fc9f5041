import type { UserProfile } from '../../core/schemas/user-profile';

export interface UsersRepository {
  get(userId: string): Promise<UserProfile | null>;
  /** Creates the user's record; rejects when one already exists (conditional put). */
  create(profile: UserProfile): Promise<void>;
  /**
   * Records the terms acceptance (spec 4 "Terms") on an existing record, once: an earlier acceptance keeps
   * its date. Null when the user has no record.
   */
  recordTermsAcceptance(userId: string, acceptedAt: string): Promise<UserProfile | null>;
}
