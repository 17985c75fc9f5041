import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { idSchema } from '../text-fields';
import { versionSchema } from '../bounds';
import { actorSchema } from '../money';
import { landingTypeSchema } from './troubleshooter';

/** The troubleshooter's thresholds, a lab's to change (super admins), and what the public page loads. */

// ---------------------------------------------------------------------------------------------------------
// Settings: every step and threshold a lab may disagree with, editable by super admins.

const settingUm = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} is required` })
    .check(
      z.int(`${label} is a whole number of micrometres`),
      z.gte(min, `${label} is at least ${min} µm`),
      z.lte(max, `${label} is at most ${max} µm`),
    );

const settingsFields = lazySchema(() => ({
  /** Aim for settled central clearance (published aim about 200-250 µm; the exact value is the lab's). */
  targetClearanceUm: settingUm('Target clearance', 100, 400),
  /** Settled clearance below this is too little (published: < 100 µm). */
  minClearanceUm: settingUm('Lowest acceptable clearance', 50, 300),
  /** Settled clearance above this is big (published: 300-500 µm). */
  maxClearanceUm: settingUm('Highest acceptable clearance', 150, 600),
  /** Settled clearance above this is excessive (published: > 500 µm). */
  excessiveClearanceUm: settingUm('Excessive clearance', 300, 1000),
  /** How far a lens settles over a day's wear (published 60-150 µm; the value used is the lab's). */
  settlingAllowanceUm: settingUm('Settling allowance', 0, 300),
  /** The sag step the lab makes lenses in (no published value). */
  sagStepUm: settingUm('Sag step', 10, 200),
  /** A sag change below this is not worth a remake (published: 50 µm). */
  minSagChangeUm: settingUm('Smallest worthwhile sag change', 0, 200),
  /** Judge clearance only after this many minutes on the eye (published: at least 20-30 min). */
  judgeAfterMinutes: z.number().check(z.int(), z.gte(0, 'At least 0 minutes'), z.lte(240, 'At most 240 minutes')),
  /** Limbal clearance aimed for (published: about 100 µm). */
  limbalTargetUm: settingUm('Limbal target', 20, 300),
  /** Limbal clearance above this is excessive (published: > 200 µm). */
  limbalExcessiveUm: settingUm('Excessive limbal clearance', 100, 500),
  /** Limbal clearance aimed for when the lens fogs at midday (published: toward 50 µm). */
  limbalFoggingTargetUm: settingUm('Limbal target with fogging', 0, 200),
  /** The limbal zone step the lab makes lenses in (no published value). */
  limbalStepUm: settingUm('Limbal step', 10, 200),
  /** The landing toricity step (difference between the meridians) the lab makes lenses in (no published value). */
  toricityStepUm: settingUm('Toricity step', 10, 300),
  /** How far one quadrant is flattened or steepened (no published value). */
  quadrantStepUm: settingUm('Quadrant step', 10, 300),
  /** Larger diameter for an impression ring with rebound redness (published: +1.0 mm). */
  diameterStepMm: z.number().check(z.gte(0.1, 'At least 0.1 mm'), z.lte(3, 'At most 3.0 mm')),
  /** The catalogue designs the consultant covers (the Ampleye family): their diameters and sag ranges come from Lens Management. */
  designIds: z.array(idSchema('Lens design')).check(z.maxLength(20, 'At most 20 designs')),
}));

export const troubleshooterSettingsFieldsSchema = lazySchema(() =>
  z.strictObject(settingsFields).check(
    z.refine((s) => s.minClearanceUm < s.maxClearanceUm, {
      error: 'The lowest acceptable clearance must be below the highest',
      path: ['maxClearanceUm'],
    }),
    z.refine((s) => s.maxClearanceUm < s.excessiveClearanceUm, {
      error: 'Excessive clearance must be above the highest acceptable clearance',
      path: ['excessiveClearanceUm'],
    }),
    z.refine((s) => s.targetClearanceUm >= s.minClearanceUm && s.targetClearanceUm <= s.maxClearanceUm, {
      error: 'The target must lie inside the acceptable range',
      path: ['targetClearanceUm'],
    }),
    z.refine((s) => s.limbalTargetUm < s.limbalExcessiveUm, {
      error: 'Excessive limbal clearance must be above the limbal target',
      path: ['limbalExcessiveUm'],
    }),
  ),
);
export type TroubleshooterSettingsFields = z.infer<typeof troubleshooterSettingsFieldsSchema>;

/** Stored settings: the fields plus who changed them last (optimistic locking by version). */
export const troubleshooterSettingsSchema = lazySchema(() =>
  z.object({
    ...settingsFields,
    version: z.number().check(z.int(), z.nonnegative()),
    updatedAt: z.nullable(z.string()),
    updatedBy: z.nullable(actorSchema),
  }),
);
export type TroubleshooterSettings = z.infer<typeof troubleshooterSettingsSchema>;

/**
 * The defaults: the published numbers where the fitting literature gives one, the lab's own choice (50 µm
 * steps, 100 µm settling, 225 µm target) where none does. `LAB_DEFAULT_SETTINGS` names the latter, so the
 * screens can say which numbers are the lab's.
 */
export const DEFAULT_TROUBLESHOOTER_SETTINGS: TroubleshooterSettings = {
  targetClearanceUm: 225,
  minClearanceUm: 100,
  maxClearanceUm: 300,
  excessiveClearanceUm: 500,
  settlingAllowanceUm: 100,
  sagStepUm: 50,
  minSagChangeUm: 50,
  judgeAfterMinutes: 20,
  limbalTargetUm: 100,
  limbalExcessiveUm: 200,
  limbalFoggingTargetUm: 50,
  limbalStepUm: 50,
  toricityStepUm: 50,
  quadrantStepUm: 50,
  diameterStepMm: 1,
  designIds: ['ampleye', 'ampleye-xl'],
  version: 0,
  updatedAt: null,
  updatedBy: null,
};
/** Settings with no published value behind them: the lab's own defaults, said so on screen. */
export const LAB_DEFAULT_SETTINGS: readonly (keyof TroubleshooterSettingsFields)[] = [
  'targetClearanceUm',
  'settlingAllowanceUm',
  'sagStepUm',
  'limbalStepUm',
  'toricityStepUm',
  'quadrantStepUm',
];

/** Each threshold's name and unit as the screens show them (the settings page, the troubleshooter's result). */
export const TROUBLESHOOTER_SETTING_LABELS: Record<
  Exclude<keyof TroubleshooterSettingsFields, 'designIds'>,
  { label: string; unit: 'µm' | 'min' | 'mm' }
> = {
  targetClearanceUm: { label: 'Target clearance', unit: 'µm' },
  minClearanceUm: { label: 'Lowest acceptable clearance', unit: 'µm' },
  maxClearanceUm: { label: 'Highest acceptable clearance', unit: 'µm' },
  excessiveClearanceUm: { label: 'Excessive clearance', unit: 'µm' },
  settlingAllowanceUm: { label: 'Settling allowance', unit: 'µm' },
  sagStepUm: { label: 'Sag step', unit: 'µm' },
  minSagChangeUm: { label: 'Smallest worthwhile sag change', unit: 'µm' },
  judgeAfterMinutes: { label: 'Judge clearance after', unit: 'min' },
  limbalTargetUm: { label: 'Limbal target', unit: 'µm' },
  limbalExcessiveUm: { label: 'Excessive limbal clearance', unit: 'µm' },
  limbalFoggingTargetUm: { label: 'Limbal target with fogging', unit: 'µm' },
  limbalStepUm: { label: 'Limbal step', unit: 'µm' },
  toricityStepUm: { label: 'Toricity step', unit: 'µm' },
  quadrantStepUm: { label: 'Quadrant step', unit: 'µm' },
  diameterStepMm: { label: 'Diameter step', unit: 'mm' },
};

export const updateTroubleshooterSettingsInputSchema = lazySchema(() =>
  z.strictObject({ version: versionSchema, settings: troubleshooterSettingsFieldsSchema }),
);

/** A design the consultant covers, as the public troubleshooter shows it (no prices). */
export const consultantDesignSchema = lazySchema(() =>
  z.object({
    lensId: z.string(),
    name: z.string(),
    description: z.optional(z.string()),
    /** From the design's `diameter` parameter. */
    diameterMm: z.nullable(z.object({ min: z.number(), max: z.number(), step: z.number() })),
    /** From the design's `sagittalDepth` parameter. */
    sagUm: z.nullable(z.object({ min: z.number(), max: z.number(), step: z.number() })),
    /** From the design's `landingZone` option parameter. */
    landingTypes: z.array(landingTypeSchema),
  }),
);
export type ConsultantDesign = z.infer<typeof consultantDesignSchema>;

/** `getConsultantSetup` (public): what the troubleshooter needs to run in the browser. */
export const consultantSetupSchema = lazySchema(() =>
  z.object({
    settings: troubleshooterSettingsSchema,
    designs: z.array(consultantDesignSchema),
  }),
);
export type ConsultantSetup = z.infer<typeof consultantSetupSchema>;
