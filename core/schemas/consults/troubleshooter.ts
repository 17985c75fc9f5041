import { lazySchema } from '../lazy-schema';
import { FIELD_MESSAGES } from '../../messages';
import * as z from '../../zod';
import { idSchema } from '../text-fields';

/**
 * The scleral fit troubleshooter: what the fitter observes and what the rules suggest. The rules themselves
 * live in core/rules/scleral-troubleshooter.ts; the thresholds they use are in ./settings.ts.
 */

// ---------------------------------------------------------------------------------------------------------
// Observations: what the fitter sees at the slit lamp, as the troubleshooter's steps collect them.

/** Clock hours as the fitter reads the lens on the eye (12 = superior, 6 = inferior). */
export const CLOCK_HOURS = [12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const clockHourSchema = lazySchema(() =>
  z
    .number({ error: 'Clock hour is 1 to 12' })
    .check(z.int('Clock hour is 1 to 12'), z.gte(1, 'Clock hour is 1 to 12'), z.lte(12, 'Clock hour is 1 to 12')),
);
export type ClockHour = z.infer<typeof clockHourSchema>;

/** The four clock quadrants, named by their middle hour (no nasal/temporal: that depends on the eye). */
export const CLOCK_QUADRANTS = [12, 3, 6, 9] as const;
export type ClockQuadrant = (typeof CLOCK_QUADRANTS)[number];
/** Which quadrant an hour belongs to: 11-1 -> 12, 2-4 -> 3, 5-7 -> 6, 8-10 -> 9. */
export function quadrantOf(hour: number): ClockQuadrant {
  const h = hour % 12;
  if (h === 11 || h === 0 || h === 1) return 12;
  if (h >= 2 && h <= 4) return 3;
  if (h >= 5 && h <= 7) return 6;
  return 9;
}

/** What the landing zone does at one clock hour (fluorescein and white light). */
export const LANDING_FINDINGS = ['aligned', 'edge-lift', 'blanching', 'impingement'] as const;
export const landingFindingSchema = lazySchema(() =>
  z.enum(LANDING_FINDINGS, { error: 'Choose what the landing does there' }),
);
export type LandingFinding = z.infer<typeof landingFindingSchema>;
export const LANDING_FINDING_LABELS: Record<LandingFinding, string> = {
  aligned: 'Aligned',
  'edge-lift': 'Edge lift',
  blanching: 'Blanching (compression)',
  impingement: 'Impingement',
};

/** The landing type of the lens on the eye. */
export const LANDING_TYPES = ['spherical', 'toric', 'quadrant'] as const;
export const landingTypeSchema = lazySchema(() => z.enum(LANDING_TYPES, { error: 'Choose the landing type' }));
export type LandingType = z.infer<typeof landingTypeSchema>;
export const LANDING_TYPE_LABELS: Record<LandingType, string> = {
  spherical: 'Spherical',
  toric: 'Toric',
  quadrant: 'Quadrant-specific',
};

/** Art Optical's rotation test: turn the settled lens 30-40 degrees and watch it come back. */
export const ROTATION_RESULTS = ['not-done', 'returns-fast', 'returns-slowly', 'does-not-return'] as const;
export const ROTATION_RESULT_LABELS: Record<(typeof ROTATION_RESULTS)[number], string> = {
  'not-done': 'Not done',
  'returns-fast': 'Returns fast',
  'returns-slowly': 'Returns slowly',
  'does-not-return': 'Does not return',
};
/** Art Optical's tap test: where dye from the front surface or sclera is drawn under the lens. */
export const TAP_RESULTS = ['not-done', 'flat-meridian', 'steep-meridian', 'none-drawn'] as const;
export const TAP_RESULT_LABELS: Record<(typeof TAP_RESULTS)[number], string> = {
  'not-done': 'Not done',
  'flat-meridian': 'Dye drawn under along the flat meridian',
  'steep-meridian': 'Dye drawn under along the steep meridian',
  'none-drawn': 'No dye drawn under',
};

/** Micrometres as the fitter measures them (OCT or optic section): whole numbers, 0 = touch. */
const micrometres = (label: string, max = 1500) =>
  z
    .number({ error: `${label} is a number of micrometres` })
    .check(
      z.int(`${label} is a whole number of micrometres`),
      z.gte(0, `${label} cannot be negative`),
      z.lte(max, `${label} is at most ${max} µm`),
    );

const dioptres = (label: string, min: number, max: number) =>
  z.number({ error: `${label} is a number of dioptres` }).check(
    z.gte(min, `${label} is at least ${min} D`),
    z.lte(max, `${label} is at most ${max} D`),
    z.refine((v) => Math.abs(Math.round(v * 4) - v * 4) < 1e-9, `${label} is in 0.25 D steps`),
  );

export const limbalClearanceSchema = lazySchema(() =>
  z.strictObject({
    superior: z.optional(micrometres('Superior limbal clearance', 1000)),
    inferior: z.optional(micrometres('Inferior limbal clearance', 1000)),
    nasal: z.optional(micrometres('Nasal limbal clearance', 1000)),
    temporal: z.optional(micrometres('Temporal limbal clearance', 1000)),
  }),
);
export const LIMBAL_SIDES = ['superior', 'inferior', 'nasal', 'temporal'] as const;
export type LimbalSide = (typeof LIMBAL_SIDES)[number];

export const landingObservationSchema = lazySchema(() =>
  z.array(z.strictObject({ hour: clockHourSchema, finding: landingFindingSchema })).check(
    z.maxLength(12, 'At most one finding per clock hour'),
    z.refine((ls) => new Set(ls.map((l) => l.hour)).size === ls.length, 'At most one finding per clock hour'),
  ),
);

export const overRefractionSchema = lazySchema(() =>
  z.strictObject({
    sphere: dioptres('Over-refraction sphere', -20, 20),
    cylinder: z._default(dioptres('Over-refraction cylinder', -10, 0), 0),
    axis: z.optional(
      z
        .number()
        .check(
          z.int('Axis is a whole number of degrees'),
          z.gte(1, 'Axis is 1 to 180'),
          z.lte(180, 'Axis is 1 to 180'),
        ),
    ),
    /** The residual cylinder matches the over-keratometry (the lens flexes). */
    cylinderMatchesOverK: z._default(z.boolean(), false),
  }),
);

/** The lens being troubleshot, as the fitter describes it. */
export const troubleshootLensSchema = lazySchema(() =>
  z.strictObject({
    /** A design of the consultant's family (settings.designIds), or absent for another lens. */
    lensId: z.optional(idSchema('Lens design')),
    diameterMm: z.optional(
      z
        .number({ error: FIELD_MESSAGES.diameterNumber })
        .check(z.gte(12, 'Diameter is at least 12.0 mm'), z.lte(25, 'Diameter is at most 25.0 mm')),
    ),
    sagUm: z.optional(micrometres('Sag', 9000).check(z.refine((v) => v >= 1000, 'Sag is at least 1000 µm'))),
    landing: landingTypeSchema,
  }),
);

/** Everything the troubleshooter's steps collect; every finding but the lens and the wear time is optional. */
export const troubleshooterInputSchema = lazySchema(() =>
  z.strictObject({
    lens: troubleshootLensSchema,
    /** Minutes the lens has been on the eye when judged. */
    minutesOnEye: z
      .number({ error: 'Minutes on eye is required' })
      .check(
        z.int('Minutes on eye is a whole number'),
        z.gte(0, 'Minutes on eye cannot be negative'),
        z.lte(24 * 60, 'Minutes on eye is at most 1440 (a day)'),
      ),
    /** Central clearance as measured now; 0 = central touch (bearing). */
    centralClearanceUm: z.optional(micrometres('Central clearance')),
    limbalClearanceUm: z._default(limbalClearanceSchema, {}),
    landing: z._default(landingObservationSchema, []),
    /** An impression ring with rebound redness after removal. */
    impressionRing: z._default(z.boolean(), false),
    rotationTest: z._default(z.enum(ROTATION_RESULTS), 'not-done'),
    tapTest: z._default(z.enum(TAP_RESULTS), 'not-done'),
    /** Midday fogging (the tear reservoir clouds after some hours of wear). */
    middayFogging: z._default(z.boolean(), false),
    overRefraction: z.optional(overRefractionSchema),
    /** Where the toric landing's rotation marks sit (clock hour), for a toric lens after 10-20 min. */
    toricMarksAt: z.optional(clockHourSchema),
  }),
);
export type TroubleshooterInput = z.input<typeof troubleshooterInputSchema>;
export type TroubleshooterObservations = z.infer<typeof troubleshooterInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Suggestions: what the rules answer.

export const SUGGESTION_AREAS = [
  'timing',
  'central-clearance',
  'limbal-clearance',
  'landing',
  'toricity',
  'diameter',
  'power',
] as const;
export const suggestionAreaSchema = lazySchema(() => z.enum(SUGGESTION_AREAS));
export type SuggestionArea = z.infer<typeof suggestionAreaSchema>;
export const SUGGESTION_AREA_LABELS: Record<SuggestionArea, string> = {
  timing: 'When to judge',
  'central-clearance': 'Central clearance',
  'limbal-clearance': 'Limbal clearance',
  landing: 'Landing',
  toricity: 'Landing toricity',
  diameter: 'Diameter',
  power: 'Power',
};

/**
 * A change to one lens parameter, named by its catalogue parameter key (the Ampleye designs' keys), so a reply
 * (or an order) can start from it. `landing12` .. `landing9` are the quadrant-specific landing adjustments.
 */
export const CHANGE_KEYS = [
  'sagittalDepth',
  'limbalClearance',
  'landingZoneToricity',
  'landing12',
  'landing3',
  'landing6',
  'landing9',
  'diameter',
  'landingZone',
  'sphere',
] as const;
export const parameterChangeSchema = lazySchema(() =>
  z.object({
    key: z.enum(CHANGE_KEYS),
    /** Signed amount in `unit` (µm for sag, limbal, toricity and quadrants; mm for diameter; D for power); 0 for a switch. */
    delta: z.number(),
    unit: z.enum(['um', 'mm', 'D', '']),
    /** For `landingZone`: the landing type to change to. */
    to: z.optional(landingTypeSchema),
  }),
);
export type ParameterChange = z.infer<typeof parameterChangeSchema>;

export const suggestionSchema = lazySchema(() =>
  z.object({
    /** Stable id of the rule that fired (tests and the lab's statistics name rules by it). */
    ruleId: z.string(),
    area: suggestionAreaSchema,
    /** 'change': a parameter change; 'check': a test or wait before changing; 'keep': the finding is fine. */
    kind: z.enum(['change', 'check', 'keep']),
    /** What to do, in one line: "Decrease the sag by 150 µm". */
    action: z.string(),
    /** The structured change behind `action`, when it is one. */
    change: z.nullable(parameterChangeSchema),
    /** Why, with the numbers: "Settled clearance is about 420 µm; the target is 225 µm …". */
    why: z.string(),
    /** Where the rule comes from. */
    source: z.string(),
    /** True when a number in it is the lab's own default rather than a published rule. */
    labDefault: z.boolean(),
  }),
);
export type Suggestion = z.infer<typeof suggestionSchema>;

export const troubleshooterResultSchema = lazySchema(() =>
  z.object({
    /** Central clearance expected once the lens has settled, or null when none was measured. */
    settledClearanceUm: z.nullable(z.number()),
    suggestions: z.array(suggestionSchema),
  }),
);
export type TroubleshooterResult = z.infer<typeof troubleshooterResultSchema>;
