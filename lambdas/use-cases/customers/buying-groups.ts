import { CHANGED_MESSAGES } from '../../../core/messages';
import { randomBytes } from 'node:crypto';
import type * as z from '../../../core/zod';
import { aborted, notFound } from '../../../core/errors';
import {
  BUYING_GROUP_MESSAGES,
  foldBuyingGroupName,
  type BuyingGroup,
  type createBuyingGroupInputSchema,
  type updateBuyingGroupInputSchema,
} from '../../../core/schemas/customers/buying-group';
import type { AuditTrail } from '../../ports/audit-log';
import type { ReferenceDataRepository } from '../../ports/reference-data-repository';
import { idDraws, isWriteConflict } from '../../ports/write-conflict';
import { retryAtOnce } from '../../kernel/retry';

export interface BuyingGroupDeps {
  referenceData: ReferenceDataRepository;
  newId?: () => string;
  audit?: AuditTrail;
}

// No 0/o, 1/l/i: an id read from a printout or over the phone is not misread.
const ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new group's id: `bg-` and 8 random characters. It never changes, so a rename keeps every practice's link. */
export function newBuyingGroupId(random: (n: number) => Uint8Array = randomBytes): string {
  return `bg-${[...random(8)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

/** Refuses a name another group already has (ignoring case, spaces and punctuation). */
function assertNameFree(groups: readonly BuyingGroup[], name: string, except?: string): void {
  const folded = foldBuyingGroupName(name);
  const other = groups.find((g) => g.buyingGroupId !== except && foldBuyingGroupName(g.name) === folded);
  if (other) throw aborted(BUYING_GROUP_MESSAGES.nameTaken(other.name));
}

/**
 * `createBuyingGroup` (super admins): a new, active group. The name is checked against the list first (one
 * Query); two super admins adding the same name in the same second could both succeed, which renaming or
 * deactivating one mends.
 */
export async function createBuyingGroup(
  input: z.output<typeof createBuyingGroupInputSchema>,
  deps: BuyingGroupDeps,
): Promise<BuyingGroup> {
  assertNameFree(await deps.referenceData.listBuyingGroups(), input.name);
  const makeId = deps.newId ?? (() => newBuyingGroupId());
  const created = await retryAtOnce(idDraws('buying group'), () =>
    deps.referenceData.createBuyingGroup({ buyingGroupId: makeId(), name: input.name }),
  );
  await deps.audit?.recordChange({
    action: 'buying-group.create',
    target: { type: 'buying-group', id: created.buyingGroupId },
    after: created,
  });
  return created;
}

/**
 * `updateBuyingGroup` (super admins): renames, deactivates or reactivates a group in one conditional write on
 * `version`. The id stays, so practices and account requests keep pointing at it; a deactivated group is no
 * longer offered, and practices already in it keep it.
 */
export async function updateBuyingGroup(
  input: z.output<typeof updateBuyingGroupInputSchema>,
  deps: BuyingGroupDeps,
): Promise<BuyingGroup> {
  const { buyingGroupId, version, ...changes } = input;
  const groups = await deps.referenceData.listBuyingGroups();
  const before = groups.find((g) => g.buyingGroupId === buyingGroupId) ?? null;
  if (!before) throw notFound(BUYING_GROUP_MESSAGES.notFound);
  if (changes.name !== undefined) assertNameFree(groups, changes.name, buyingGroupId);
  try {
    const updated = await deps.referenceData.updateBuyingGroup(buyingGroupId, changes, version);
    await deps.audit?.recordChange({
      action: 'buying-group.update',
      target: { type: 'buying-group', id: buyingGroupId },
      before,
      after: updated,
      keep: ['name'],
    });
    return updated;
  } catch (error) {
    if (isWriteConflict(error, 'missing')) throw notFound(BUYING_GROUP_MESSAGES.notFound);
    if (isWriteConflict(error, 'changed')) throw aborted(CHANGED_MESSAGES.buyingGroup);
    throw error;
  }
}
