import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from '../zod';
import { requiredLine } from './text-fields';
import { versionSchema } from './bounds';

/**
 * A buying group a practice may belong to (spec 7 `GET customer/buyinggroups`; the spec does not show its
 * shape: docs/decisions/0034-buying-groups.md). Super admins keep the list in Customer Management. `active` and
 * `version` are absent on the groups written before they could be changed: absent means active, version 0.
 */
export const buyingGroupSchema = lazySchema(() =>
  z.object({
    buyingGroupId: z.string(),
    name: z.string(),
    /** A deactivated group is no longer offered; practices already in it keep it. */
    active: z.optional(z.boolean()),
    version: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
);
export type BuyingGroup = z.infer<typeof buyingGroupSchema>;

export const buyingGroupListSchema = lazySchema(() => z.object({ items: z.array(buyingGroupSchema) }));

export const isActiveBuyingGroup = (group: Pick<BuyingGroup, 'active'>): boolean => group.active !== false;

/** The groups a form may offer: the active ones, and the one already chosen even when it was deactivated since. */
export const buyingGroupChoices = (groups: readonly BuyingGroup[], current?: string | null): BuyingGroup[] =>
  groups.filter((group) => isActiveBuyingGroup(group) || group.buyingGroupId === current);

/** Two names are the same group when they match ignoring case, spaces and punctuation ("P.E.C.A.A." = "pecaa"). */
export const foldBuyingGroupName = (name: string): string =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export const BUYING_GROUP_MESSAGES = {
  nameTaken: (name: string) => `A buying group named "${name}" already exists.`,
  notFound: 'Buying group not found',
  nameNeedsLetters: 'The name needs at least one letter or digit',
  nothingToChange: 'Give a new name or a new status',
} as const;

const buyingGroupName = lazySchema(() =>
  requiredLine('Name', 80).check(
    z.refine((name) => foldBuyingGroupName(name).length > 0, BUYING_GROUP_MESSAGES.nameNeedsLetters),
  ),
);

const buyingGroupIdSchema = lazySchema(() =>
  z
    .string({ error: 'Choose a buying group' })
    .check(z.trim(), z.minLength(1, 'Choose a buying group'), z.maxLength(64, FIELD_MESSAGES.chooseBuyingGroup)),
);

/** `createBuyingGroup` (super admins): the server makes the id; a new group is active. */
export const createBuyingGroupInputSchema = lazySchema(() => z.strictObject({ name: buyingGroupName }));

/** `updateBuyingGroup` (super admins): rename, deactivate or reactivate, on the version read. */
export const updateBuyingGroupInputSchema = lazySchema(() =>
  z
    .strictObject({
      buyingGroupId: buyingGroupIdSchema,
      version: versionSchema,
      name: z.optional(buyingGroupName),
      active: z.optional(z.boolean()),
    })
    .check(
      z.refine((input) => input.name !== undefined || input.active !== undefined, {
        error: BUYING_GROUP_MESSAGES.nothingToChange,
        path: ['name'],
      }),
    ),
);
