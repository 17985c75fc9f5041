import { z } from 'zod';

/** A buying group a practice may belong to (the spec does not show its shape: see docs/decisions.md). */
export const buyingGroupSchema = z.object({
  buyingGroupId: z.string(),
  name: z.string(),
});
export type BuyingGroup = z.infer<typeof buyingGroupSchema>;

export const buyingGroupListSchema = z.object({ items: z.array(buyingGroupSchema) });
