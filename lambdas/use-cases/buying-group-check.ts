import { invalidArgument } from '../../core/errors';
import { UNKNOWN_BUYING_GROUP } from '../../core/schemas/account-request';
import type { ReferenceDataRepository } from '../ports/reference-data-repository';

/** A buying group id must be one listBuyingGroups offers (spec 7 GET customer/buyinggroups). */
export async function requireKnownBuyingGroup(
  buyingGroupId: string,
  referenceData: ReferenceDataRepository,
): Promise<void> {
  const groups = await referenceData.listBuyingGroups();
  if (!groups.some((g) => g.buyingGroupId === buyingGroupId))
    throw invalidArgument('Some fields are not valid', { buyingGroupId: [UNKNOWN_BUYING_GROUP] });
}
