import { FIELD_MESSAGES, FORM_MESSAGES } from '../../../core/messages';
import { invalidArgument } from '../../../core/errors';
import { isActiveBuyingGroup, type BuyingGroup } from '../../../core/schemas/customers/buying-group';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { ReferenceDataRepository } from '../../ports/reference-data-repository';

/**
 * A buying group id must be one listBuyingGroups offers (spec 7 GET customer/buyinggroups), and active: a
 * deactivated group is only kept by a record already in it (`current` reads that record's group, and is asked
 * only when the group is inactive). Answers the group.
 */
export async function requireKnownBuyingGroup(
  buyingGroupId: string,
  referenceData: Pick<ReferenceDataRepository, 'listBuyingGroups'>,
  current?: () => Promise<string | null | undefined>,
): Promise<BuyingGroup> {
  const groups = await referenceData.listBuyingGroups();
  const group = groups.find((g) => g.buyingGroupId === buyingGroupId);
  const allowed = group && (isActiveBuyingGroup(group) || (current && (await current()) === buyingGroupId));
  if (!group || !allowed)
    throw invalidArgument(FORM_MESSAGES.invalidFields, { buyingGroupId: [FIELD_MESSAGES.chooseBuyingGroup] });
  return group;
}

/** What creating or updating a practice (`W`) needs: the practice record and the buying groups it may name. */
export interface PracticeWriteDeps<W extends keyof CustomersRepository> {
  customers: Pick<CustomersRepository, W | 'get'>;
  referenceData: Pick<ReferenceDataRepository, 'listBuyingGroups'>;
  audit?: AuditTrail;
}
