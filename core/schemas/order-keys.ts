import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { boundedRecord, lensNumberSchema } from './bounds';

/*
 * The order facts that credit, invoices, consults and the emails share, apart from order.ts: a function that
 * only names an order or an eye does not build every order schema when it loads.
 */

/** Client-made order id (crypto.randomUUID): the draft's key and the submit's idempotency key. */
export const orderIdSchema = lazySchema(() =>
  z
    .string({ error: 'Order id is required.' })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a valid order id')),
);

export const EYES = ['OD', 'OS'] as const;
export const EYE_LABELS = { OD: 'OD (right eye)', OS: 'OS (left eye)' } as const;
export const eyeSchema = lazySchema(() => z.enum(EYES, { error: 'Eye is OD or OS' }));

/**
 * The size of an order: the submitted order, the draft saved while typing and the form (its inputs' maxLength
 * and what it clips before saving a draft) all read these, so the three cannot drift apart. Here rather than
 * in order.ts because the parameter values below are bounded by them too.
 */
export const ORDER_LIMITS = {
  /** One lens per eye. */
  lines: 2,
  quantity: { min: 1, max: 10 },
  patient: 80,
  poNumber: 40,
  lensId: 64,
  lineNotes: 300,
  notes: 2000,
  addressField: 200,
  /** An option parameter's value, as typed. */
  parameterText: 60,
} as const;

/** At most as many values as a design has parameters (lens.ts: 40). */
export const MAX_PARAMETER_VALUES = 40;

/**
 * Parameter values by parameter key: numbers for numeric parameters (within +-100,000, at most 6 decimals,
 * as any design range is), option values for option ones.
 */
export const parameterValuesSchema = lazySchema(() =>
  boundedRecord(
    z
      .string()
      .check(z.maxLength(40, 'Not a parameter key'), z.regex(/^[a-z][A-Za-z0-9]{0,39}$/, 'Not a parameter key')),
    z.union([lensNumberSchema('Parameter value'), z.string().check(z.maxLength(ORDER_LIMITS.parameterText))]),
    MAX_PARAMETER_VALUES,
    `At most ${MAX_PARAMETER_VALUES} parameters per lens`,
  ),
);
