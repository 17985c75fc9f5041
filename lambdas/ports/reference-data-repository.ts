import type { BuyingGroup } from '../../core/schemas/customers/buying-group';

export interface ReferenceDataRepository {
  /** Every buying group, deactivated ones included, by name. */
  listBuyingGroups(): Promise<BuyingGroup[]>;
  /** Stores a new active group at version 0; WriteConflict 'exists' when the id is taken. */
  createBuyingGroup(group: { buyingGroupId: string; name: string }): Promise<BuyingGroup>;
  /** Changes a group only at `expectedVersion`; WriteConflict 'missing' or 'changed' otherwise. */
  updateBuyingGroup(
    buyingGroupId: string,
    changes: { name?: string; active?: boolean },
    expectedVersion: number,
  ): Promise<BuyingGroup>;
}
