import { invalidArgument } from '../../core/errors';
import { UNKNOWN_BUYING_GROUP } from '../../core/schemas/account-request';
import type { BuyingGroup } from '../../core/schemas/buying-group';
import type { ReferenceDataRepository } from '../ports/reference-data-repository';

/** A buying group id must be one listBuyingGroups offers (spec 7 GET customer/buyinggroups). Answers the group. */
export async function requireKnownBuyingGroup(
  buyingGroupId: string,
  referenceData: ReferenceDataRepository,
): Promise<BuyingGroup> {
  const groups = await referenceData.listBuyingGroups();
  const group = groups.find((g) => g.buyingGroupId === buyingGroupId);
  if (!group) throw invalidArgument('Some fields are not valid', { buyingGroupId: [UNKNOWN_BUYING_GROUP] });
  return group;
}
