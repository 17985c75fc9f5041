import { CHANGED_MESSAGES } from '../../../core/messages';
import { randomBytes } from 'node:crypto';
import type * as z from '../../../core/zod';
import { aborted, notFound } from '../../../core/errors';
import type {
  createLensDesignInputSchema,
  LensDesign,
  LensType,
  listLensDesignsInputSchema,
  updateLensDesignInputSchema,
} from '../../../core/schemas/lenses';
import type { Identity } from '../../auth/verify-token';
import type { AuditTrail } from '../../ports/audit-log';
import type { CustomersRepository } from '../../ports/customers-repository';
import type { LensCatalogue, LensDesignFields } from '../../ports/lens-catalogue';
import type { UsersRepository } from '../../ports/users-repository';
import { idDraws, isWriteConflict } from '../../ports/write-conflict';
import { isLab, callerLinkedAccounts } from '../../kernel/caller';
import { retryAtOnce } from '../../kernel/retry';

export const LENS_DESIGN_NOT_FOUND = 'Lens design not found';

/**
 * Who sees the whole catalogue with prices: the lab (isLab), and also a caller whose token names only
 * `superadmin`, which the catalogue has always let through; kept apart from isLab so that one stays strict.
 */
const seesWholeCatalogue = (caller: Identity) => isLab(caller) || caller.groups.includes('superadmin');

/**
 * `listLensDesigns`: the catalogue in name order. Customers see active designs only (their
 * `includeInactive` is ignored, so the order form and Lens Management can share one call). Admins see every
 * price; a customer sees prices only for an `account` that is one of their own linked accounts and whose
 * practice has `pricingAllowed` (spec 3). Otherwise `priceCents` is left out, never sent as 0.
 */
export async function listLensDesigns(
  caller: Identity,
  input: z.output<typeof listLensDesignsInputSchema>,
  deps: {
    lenses: Pick<LensCatalogue, 'list'>;
    users: Pick<UsersRepository, 'get'>;
    customers: Pick<CustomersRepository, 'get'>;
  },
): Promise<{ items: LensDesign[] }> {
  if (seesWholeCatalogue(caller)) return { items: await deps.lenses.list({ includeInactive: input.includeInactive }) };
  const [items, showPrices] = await Promise.all([
    deps.lenses.list({ includeInactive: false }),
    customerSeesPrices(caller, input.account, deps),
  ]);
  return {
    items: items
      .filter((design) => design.active)
      .map((design) => {
        if (showPrices) return design;
        const { priceCents: _hidden, ...withoutPrice } = design;
        return withoutPrice;
      }),
  };
}

async function customerSeesPrices(
  caller: Identity,
  account: string | undefined,
  deps: { users: Pick<UsersRepository, 'get'>; customers: Pick<CustomersRepository, 'get'> },
): Promise<boolean> {
  if (!account) return false;
  const linked = callerLinkedAccounts(caller, await deps.users.get(caller.userId)).map((a) => a.toUpperCase());
  if (!linked.includes(account)) return false;
  const practice = await deps.customers.get(account);
  return practice?.pricingAllowed === true;
}

const ID_PREFIX: Record<LensType, string> = {
  scleral: 'scl',
  'corneal-gp': 'gp',
  'custom-soft': 'soft',
  'ortho-k': 'ok',
  hybrid: 'hyb',
};
// No 0/o, 1/l/i: an id read aloud over the phone or typed from a printout is not misread.
const ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A short readable design id: the type's prefix and 8 random characters, e.g. `scl-k7m2x9pq`. */
export function newLensId(type: LensType, random: (n: number) => Uint8Array = randomBytes): string {
  const chars = [...random(8)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  return `${ID_PREFIX[type]}-${chars}`;
}

const fieldsOf = (input: z.output<typeof createLensDesignInputSchema>): LensDesignFields => ({
  ...input,
  description: input.description || undefined,
});

/** `createLensDesign` (super admins): the server makes the id; a clash of random ids is retried. */
export async function createLensDesign(
  input: z.output<typeof createLensDesignInputSchema>,
  deps: { lenses: Pick<LensCatalogue, 'create'>; newId?: (type: LensType) => string; audit?: AuditTrail },
): Promise<LensDesign> {
  const makeId = deps.newId ?? ((type: LensType) => newLensId(type));
  const created = await retryAtOnce(idDraws('lens design'), () =>
    deps.lenses.create(makeId(input.type), fieldsOf(input)),
  );
  await deps.audit?.recordChange({
    action: 'lens.create',
    target: { type: 'lens', id: created.lensId },
    after: created,
  });
  return created;
}

/**
 * `updateLensDesign` (super admins): replaces the design's fields in one conditional write on `version`;
 * deactivating is `active: false`. A design someone changed since it was read is a 409 and nothing is
 * written. Orders hold a copy of the design as ordered, so an edit never changes a past order.
 */
export async function updateLensDesign(
  input: z.output<typeof updateLensDesignInputSchema>,
  deps: { lenses: Pick<LensCatalogue, 'update' | 'get'>; audit?: AuditTrail },
): Promise<LensDesign> {
  const { lensId, version, ...fields } = input;
  // The audit log's "before": exact whenever the conditional write below succeeds.
  const before = deps.audit ? await deps.lenses.get(lensId) : null;
  try {
    const updated = await deps.lenses.update(lensId, fieldsOf(fields), version);
    await deps.audit?.recordChange({
      action: 'lens.update',
      target: { type: 'lens', id: lensId },
      before,
      after: updated,
      keep: ['name'],
    });
    return updated;
  } catch (error) {
    if (isWriteConflict(error, 'missing')) throw notFound(LENS_DESIGN_NOT_FOUND);
    if (isWriteConflict(error, 'changed')) throw aborted(CHANGED_MESSAGES.lensDesign);
    throw error;
  }
}
