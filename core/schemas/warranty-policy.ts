import { lazySchema } from './lazy-schema';
import * as z from 'zod';
import { FIELD_MESSAGES } from '../messages';

/*
 * Apart from lens.ts, so the money functions that read a line's warranty (credit, invoices) do not build the
 * lens catalogue's schemas when they load.
 */

/** A design's warranty terms beside its window (`warrantyDays`, from shipping). */
export const warrantyPolicySchema = lazySchema(() =>
  z
    .object({
      /** Parameter exchanges (warranty remakes) allowed per eye; null = unlimited. */
      exchangesPerEye: z.number().int().min(0).max(20).nullable(),
      /** Charged on the remake's invoice instead of the lens price. */
      exchangeFeeCents: z
        .number()
        .int('Exchange fee is in whole cents')
        .min(0)
        .max(100_000, FIELD_MESSAGES.exchangeFeeMax),
      /** Share of the line's price credited when a lens is cancelled in warranty. */
      cancellationCreditPercent: z.number().int().min(0).max(100),
      /** The lens must come back before a cancellation credit becomes available. */
      returnRequired: z.boolean(),
    })
    .strict(),
);
export type WarrantyPolicy = z.infer<typeof warrantyPolicySchema>;

/** Terms a design has before Lens Management sets its own (the common terms of the labs we surveyed). */
export const DEFAULT_WARRANTY_POLICY: WarrantyPolicy = {
  exchangesPerEye: null,
  exchangeFeeCents: 0,
  cancellationCreditPercent: 100,
  returnRequired: true,
};
