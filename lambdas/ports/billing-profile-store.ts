import type { BillingProfile } from '../../core/schemas/cards';
import type { Page } from './money-store';

/**
 * Each account's cards on file and autopay choice (table `billingProfiles`). A save is conditional on the version
 * read (null: must not exist yet), so two tabs changing the default card at once never lose one change.
 */
export interface BillingProfileStore {
  get(accountNumber: string): Promise<BillingProfile | null>;
  /** False when the stored version was not `expectedVersion` (nothing written): read again and decide again. */
  save(profile: BillingProfile, expectedVersion: number | null): Promise<boolean>;
  /** The accounts with autopay on, by account number. */
  listAutopay(limit: number, cursor?: string): Promise<Page<BillingProfile>>;
}
