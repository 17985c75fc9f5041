import type { BuyingGroup } from '../../core/schemas/buying-group';

export interface ReferenceDataRepository {
  listBuyingGroups(): Promise<BuyingGroup[]>;
}
