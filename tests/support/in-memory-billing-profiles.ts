import type { BillingProfile } from '../../core/schemas/cards';
import type { BillingProfileStore } from '../../lambdas/ports/billing-profile-store';
import { offsetPage } from './offset-page';

/** In-memory BillingProfileStore with the adapter's rule: a save lands only over the version read. */
export class InMemoryBillingProfiles implements BillingProfileStore {
  readonly items = new Map<string, BillingProfile>();

  async get(accountNumber: string) {
    const found = this.items.get(accountNumber);
    return found ? structuredClone(found) : null;
  }

  async save(profile: BillingProfile, expectedVersion: number | null) {
    const stored = this.items.get(profile.accountNumber);
    if (expectedVersion === null ? stored !== undefined : stored?.version !== expectedVersion) return false;
    this.items.set(profile.accountNumber, structuredClone(profile));
    return true;
  }

  async listAutopay(limit: number, cursor?: string) {
    const on = [...this.items.values()]
      .filter((p) => p.autopay?.enabled)
      .sort((a, b) => a.accountNumber.localeCompare(b.accountNumber));
    return offsetPage('autopay', on, limit, cursor);
  }
}
