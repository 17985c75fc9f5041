import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { FIELD_MESSAGES } from '../messages';

/*
 * Apart from lens.ts, so the money functions that read a line's warranty (credit, invoices) do not build the
 * lens catalogue's schemas when they load.
 */

/** A design's warranty terms beside its window (`warrantyDays`, from shipping). */
export const warrantyPolicySchema = lazySchema(() =>
  z.strictObject({
    /** Parameter exchanges (warranty remakes) allowed per eye; null = unlimited. */
    exchangesPerEye: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(20))),
    /** Charged on the remake's invoice instead of the lens price. */
    exchangeFeeCents: z
      .number()
      .check(z.int('Exchange fee is in whole cents'), z.gte(0), z.lte(100_000, FIELD_MESSAGES.exchangeFeeMax)),
    /** Share of the line's price credited when a lens is cancelled in warranty. */
    cancellationCreditPercent: z.number().check(z.int(), z.gte(0), z.lte(100)),
    /** The lens must come back before a cancellation credit becomes available. */
    returnRequired: z.boolean(),
  }),
);
export type WarrantyPolicy = z.infer<typeof warrantyPolicySchema>;

/** Terms a design has before Lens Management sets its own (the common terms of the labs we surveyed). */
export const DEFAULT_WARRANTY_POLICY: WarrantyPolicy = {
  exchangesPerEye: null,
  exchangeFeeCents: 0,
  cancellationCreditPercent: 100,
  returnRequired: true,
};
