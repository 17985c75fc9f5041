import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { lensNumberSchema, versionSchema } from './bounds';
import { idSchema, optionalLine, requiredLine } from './text-fields';
import { DEFAULT_WARRANTY_POLICY, warrantyPolicySchema } from './warranty-policy';

export { DEFAULT_WARRANTY_POLICY, warrantyPolicySchema, type WarrantyPolicy } from './warranty-policy';

/**
 * The lens catalogue (Lens Management, super admins). A design's parameter definitions drive both the order
 * form's fields and the server's validation of an order (core/rules/lens-parameters.ts), so one definition
 * is the only place a range, unit or step lives.
 */
export const LENS_TYPES = ['scleral', 'corneal-gp', 'custom-soft', 'ortho-k', 'hybrid'] as const;
export const lensTypeSchema = lazySchema(() => z.enum(LENS_TYPES, { error: 'Choose a lens type' }));
export type LensType = z.infer<typeof lensTypeSchema>;
export const LENS_TYPE_LABELS: Record<LensType, string> = {
  scleral: 'Scleral',
  'corneal-gp': 'Corneal GP',
  'custom-soft': 'Custom soft',
  'ortho-k': 'Ortho-k',
  hybrid: 'Hybrid',
};

/** Units a numeric parameter is entered in. */
export const PARAMETER_UNITS = ['D', 'mm', 'um', 'deg', ''] as const;
export const parameterUnitSchema = lazySchema(() => z.enum(PARAMETER_UNITS));

/** A parameter key: camelCase letters and digits, e.g. `baseCurve`, `sagittalDepth`. */
const parameterKeySchema = lazySchema(() =>
  z
    .string()
    .check(z.regex(/^[a-z][A-Za-z0-9]{0,39}$/, 'A parameter key is letters and digits, starting with a small letter')),
);

/**
 * A numeric parameter. What a super admin sends is bounded (+-100,000, at most 6 decimals: core/schemas/bounds.ts);
 * a design read back from the table only needs finite numbers, so designs saved before the bounds still load.
 */
function numberParameter(number: (label: string) => z.ZodMiniNumber<number>) {
  return z
    .strictObject({
      kind: z.literal('number'),
      key: parameterKeySchema,
      label: requiredLine('Label', 60),
      unit: parameterUnitSchema,
      min: number('Min'),
      max: number('Max'),
      step: number('Step').check(z.refine((v) => v > 0, 'Step must be more than 0')),
      required: z.boolean(),
    })
    .check(z.refine((p) => p.min <= p.max, { error: 'Min must not be more than max', path: ['max'] }));
}
// z.number() refuses Infinity and NaN itself.
const storedNumber = (): z.ZodMiniNumber<number> => z.number();

const optionSchema = lazySchema(() =>
  z.strictObject({ value: requiredLine('Option', 60), label: requiredLine('Option label', 80) }),
);

const optionParameterSchema = lazySchema(() =>
  z
    .strictObject({
      kind: z.literal('option'),
      key: parameterKeySchema,
      label: requiredLine('Label', 60),
      options: z.array(optionSchema).check(z.minLength(1, 'Give at least one option'), z.maxLength(100)),
      required: z.boolean(),
    })
    .check(
      z.refine((p) => new Set(p.options.map((o) => o.value)).size === p.options.length, {
        error: 'An option is listed twice',
        path: ['options'],
      }),
    ),
);

/** A parameter definition as stored and answered. */
export const parameterDefinitionSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [numberParameter(storedNumber), optionParameterSchema]),
);
/** A parameter definition as Lens Management sends it: numbers bounded. */
export const parameterDefinitionInputSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [numberParameter(lensNumberSchema), optionParameterSchema]),
);
export type ParameterDefinition = z.infer<typeof parameterDefinitionSchema>;
export type NumberParameter = Extract<ParameterDefinition, { kind: 'number' }>;
export type OptionParameter = Extract<ParameterDefinition, { kind: 'option' }>;

const parameterList = <P extends z.ZodMiniType<{ key: string }>>(parameter: P) =>
  z.array(parameter).check(
    z.minLength(1, 'A design needs at least one parameter'),
    z.maxLength(40),
    z.refine((ps) => new Set(ps.map((p) => p.key)).size === ps.length, { error: 'A parameter key is used twice' }),
  );
const parametersSchema = lazySchema(() => parameterList(parameterDefinitionSchema));
const parametersInputSchema = lazySchema(() => parameterList(parameterDefinitionInputSchema));

/** Money in cents (integers: no float rounding on invoices). */
export const centsSchema = lazySchema(() =>
  z.number().check(z.int('Price is in whole cents'), z.gte(0), z.lte(10_000_000)),
);

/** Bounds of a design's own lead (business days); a design without one takes its type's default. */
export const LEAD_DAYS_LIMITS = { min: 1, max: 60 } as const;
const LEAD_DAYS_MESSAGE = `Lead time is a whole number of business days from ${LEAD_DAYS_LIMITS.min} to ${LEAD_DAYS_LIMITS.max}`;

export const SHIP_GUARANTEE_REMEDIES = ['free-lenses', 'credit'] as const;
export type ShipGuaranteeRemedy = (typeof SHIP_GUARANTEE_REMEDIES)[number];
export const SHIP_GUARANTEE_LIMITS = { businessDays: { min: 1, max: 30 } } as const;
const GUARANTEE_DAYS_MESSAGE = `The guarantee is a whole number of business days from ${SHIP_GUARANTEE_LIMITS.businessDays.min} to ${SHIP_GUARANTEE_LIMITS.businessDays.max}`;
const GUARANTEE_CREDIT_MESSAGE = 'Enter the credit the practice gets when the guarantee is missed';

/**
 * A design's ship guarantee: shipped within `businessDays` business days of the day work starts, or the lab
 * makes it good by itself at the close: the lenses of that line free on the invoice, or `creditCents` of lens
 * credit to the practice (docs/decisions/0100-production-stages-and-the-ship-promise.md "Ship guarantee").
 */
export const shipGuaranteeSchema = lazySchema(() =>
  z
    .strictObject({
      businessDays: z
        .number({ error: GUARANTEE_DAYS_MESSAGE })
        .check(
          z.int(GUARANTEE_DAYS_MESSAGE),
          z.gte(SHIP_GUARANTEE_LIMITS.businessDays.min, GUARANTEE_DAYS_MESSAGE),
          z.lte(SHIP_GUARANTEE_LIMITS.businessDays.max, GUARANTEE_DAYS_MESSAGE),
        ),
      remedy: z.enum(SHIP_GUARANTEE_REMEDIES, { error: 'Choose what the practice gets when the guarantee is missed' }),
      creditCents: z.optional(
        z
          .number({ error: GUARANTEE_CREDIT_MESSAGE })
          .check(
            z.int('Credit is in whole cents'),
            z.gte(1, GUARANTEE_CREDIT_MESSAGE),
            z.lte(1_000_000, 'The credit is at most $10,000.00'),
          ),
      ),
    })
    .check(
      z.superRefine((guarantee, ctx) => {
        if (guarantee.remedy === 'credit' && guarantee.creditCents === undefined)
          ctx.addIssue({ code: 'custom', path: ['creditCents'], message: GUARANTEE_CREDIT_MESSAGE });
        if (guarantee.remedy === 'free-lenses' && guarantee.creditCents !== undefined)
          ctx.addIssue({ code: 'custom', path: ['creditCents'], message: 'Free lenses carry no credit amount' });
      }),
    ),
);
export type ShipGuarantee = z.infer<typeof shipGuaranteeSchema>;

/** The fields a super admin edits. */
const lensDesignFields = lazySchema(() => ({
  name: requiredLine('Name', 80),
  type: lensTypeSchema,
  description: optionalLine('Description', 300),
  parameters: parametersSchema,
  /** Price per lens in cents; shown to practices only when their account's `pricingAllowed` is true. */
  priceCents: centsSchema,
  warrantyDays: z.number().check(z.int(), z.gte(0), z.lte(730)),
  /** What the warranty allows within `warrantyDays` of shipping (Lens Credit). */
  warranty: z._default(warrantyPolicySchema, DEFAULT_WARRANTY_POLICY),
  /**
   * Business days of lab work for one lens of this design (the ship promise); left out, the design takes its
   * type's default (core/rules/ship-date.ts DEFAULT_LEAD_DAYS).
   */
  leadDays: z.optional(
    z
      .number({ error: LEAD_DAYS_MESSAGE })
      .check(
        z.int(LEAD_DAYS_MESSAGE),
        z.gte(LEAD_DAYS_LIMITS.min, LEAD_DAYS_MESSAGE),
        z.lte(LEAD_DAYS_LIMITS.max, LEAD_DAYS_MESSAGE),
      ),
  ),
  /** What the practice gets, by itself, when an order of this design ships later than it guarantees. */
  shipGuarantee: z.optional(shipGuaranteeSchema),
  active: z.boolean(),
}));

export const lensIdSchema = lazySchema(() => idSchema('Lens design'));

/** A design as stored (table `lenses`, pk lensId). */
export const lensDesignSchema = lazySchema(() =>
  z.object({
    lensId: z.string(),
    ...lensDesignFields,
    description: z.optional(z.string()),
    /** Absent for practices whose account may not see prices. */
    priceCents: z.optional(centsSchema),
    version: z.number().check(z.int(), z.nonnegative()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type LensDesign = z.infer<typeof lensDesignSchema>;

/** `listLensDesigns`: admins may ask for inactive designs too; `account` decides whether prices show. */
export const listLensDesignsInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        includeInactive: z._default(z.boolean(), false),
        account: z.optional(z.string().check(z.maxLength(32), z.trim(), z.toUpperCase())),
      }),
    ),
    { includeInactive: false },
  ),
);
export const listLensDesignsOutputSchema = lazySchema(() => z.object({ items: z.array(lensDesignSchema) }));

export const createLensDesignInputSchema = lazySchema(() =>
  z.strictObject({ ...lensDesignFields, parameters: parametersInputSchema }),
);
export type CreateLensDesignInput = z.input<typeof createLensDesignInputSchema>;
/** Edits name the version they read (optimistic locking); deactivating is `active: false`. */
export const updateLensDesignInputSchema = lazySchema(() =>
  z.strictObject({
    lensId: lensIdSchema,
    version: versionSchema,
    ...lensDesignFields,
    parameters: parametersInputSchema,
  }),
);
export type UpdateLensDesignInput = z.input<typeof updateLensDesignInputSchema>;
