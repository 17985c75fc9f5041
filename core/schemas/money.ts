import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from '../zod';
import { requiredLine } from './text-fields';

/**
 * Money is integer cents everywhere (no float rounding on invoices, payments or credit). One home for the
 * amount rules every money schema uses.
 */
export const MAX_CENTS = 100_000_000; // $1,000,000: far above any lens invoice, far below float trouble

/** A non-negative amount in cents. */
export const centsAmountSchema = (label = 'Amount') =>
  z
    .number({ error: `${label} is required` })
    .check(
      z.int(`${label} is in whole cents`),
      z.gte(0, `${label} cannot be negative`),
      z.lte(MAX_CENTS, `${label} is too large`),
    );

/** An amount that must be more than zero (a payment, a credit grant). */
export const positiveCentsSchema = (label = 'Amount') =>
  centsAmountSchema(label).check(z.refine((v) => v > 0, `${label} must be more than $0.00`));

/** A calendar date as YYYY-MM-DD (due dates, issue dates: a day, not an instant). */
export const isoDateSchema = lazySchema(() =>
  z.string().check(
    z.regex(/^(20\d{2}|2100)-\d{2}-\d{2}$/, 'Date is YYYY-MM-DD, between 2000 and 2100'),
    z.refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'Not a real date',
    ),
  ),
);

/** Client-made ids (crypto.randomUUID) that double as idempotency keys: payment ids, claim ids, grant ids. */
export const clientIdSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, `Not a valid ${label.toLowerCase()}`),
    );

/** Who did something, as money records keep it (the lab sees it; customer-facing schemas leave it out). */
export const actorSchema = lazySchema(() => z.object({ userId: z.string(), name: z.string() }));

/** The lab's invoice number: letters, digits and dashes (the close-order dialog and the lookup share it). */
export const invoiceNumberSchema = lazySchema(() =>
  requiredLine('Invoice number', 40).check(
    z.regex(/^[A-Za-z0-9-]+$/, 'Invoice number is letters, digits and dashes'),
    // One invoice per number whatever the case it is typed in: "inv-7" finds INV-7.
    z.toUpperCase(),
  ),
);

/** Net payment terms of a practice when Customer Management has not set them. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const paymentTermsDaysSchema = lazySchema(() =>
  z
    .number()
    .check(
      z.int(FIELD_MESSAGES.paymentTermsWhole),
      z.gte(0, 'Payment terms cannot be negative'),
      z.lte(180, 'Payment terms are at most 180 days'),
    ),
);
