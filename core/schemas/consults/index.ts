import { lazySchema } from '../lazy-schema';
import { FIELD_MESSAGES } from '../../messages';
import * as z from '../../zod';
import { versionSchema } from '../bounds';
import { accountNumberSchema } from '../account-number';
import { idSchema, multiLineText, optionalPhoneNumber, requiredLine } from '../text-fields';
import { actorSchema } from '../money';
import { consultIdSchema } from './consult-id';
import { eyeSchema, orderIdSchema, parameterValuesSchema } from '../order-keys';
import { pageCursorSchema, pageLimitSchema, pageSchema } from '../paging';
import { emailSchema } from '../sign-up';
import { generateUploadUrlInputSchema, orderFileInputSchema } from '../attachments';

/**
 * The Ampleye Virtual Consultant: the scleral fit troubleshooter's observations, its settings (the lab's
 * thresholds, editable by super admins), its suggestions, and consult requests the lab answers with a
 * proposed parameter set. The troubleshooting rules themselves live in core/rules/scleral-troubleshooter.ts.
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

// ---------------------------------------------------------------------------------------------------------
// Consult requests.

export const CONSULT_STATUSES = ['new', 'answered', 'ordered'] as const;
export const consultStatusSchema = lazySchema(() => z.enum(CONSULT_STATUSES));
export type ConsultStatus = z.infer<typeof consultStatusSchema>;
export const CONSULT_STATUS_LABELS: Record<ConsultStatus, string> = {
  new: 'Waiting for the lab',
  answered: 'Answered',
  ordered: 'Ordered',
};
/** The lab answers within one business day (what the best labs promise). */
export const CONSULT_ANSWER_TARGET_BUSINESS_DAYS = 1;

export { consultIdSchema };

/** The lens on the eye: a line of a past order (practice requests only) or typed in. */
export const currentLensSchema = lazySchema(() =>
  z.strictObject({
    /** The past order this lens came from: "Order this" then remakes it (under warranty when still inside it). */
    fromOrderId: z.optional(orderIdSchema),
    lensId: z.optional(idSchema('Lens design')),
    designName: requiredLine('Lens design', 80),
    parameters: z._default(parameterValuesSchema, {}),
  }),
);
export type CurrentLens = z.infer<typeof currentLensSchema>;

const question = lazySchema(() => multiLineText('Question', 2000));

/** A signed-in practice's request, for one of its accounts; files are attached after it is stored. */
export const submitConsultInputSchema = lazySchema(() =>
  z.strictObject({
    consultId: consultIdSchema,
    accountNumber: accountNumberSchema,
    patientReference: requiredLine('Patient reference', 80),
    eye: eyeSchema,
    currentLens: currentLensSchema,
    observations: z.optional(troubleshooterInputSchema),
    question,
  }),
);
export type SubmitConsultInput = z.input<typeof submitConsultInputSchema>;

/** Patient initials only on the public form: no names, no dates of birth. */
export const patientInitialsSchema = lazySchema(() =>
  z
    .string({ error: 'Patient initials are required' })
    .check(z.trim(), z.regex(/^[A-Za-z]{1,3}$/, 'Patient initials only: 1 to 3 letters')),
);

/**
 * A visitor's request (not signed in): who they are, patient initials only, no files. `website` is the
 * honeypot: a field people never see; anything in it marks a bot (answered as if sent, nothing stored).
 */
export const submitPublicConsultInputSchema = lazySchema(() =>
  z.strictObject({
    consultId: consultIdSchema,
    practiceName: requiredLine('Practice name', 120),
    contactName: requiredLine('Your name', 120),
    email: emailSchema,
    phone: optionalPhoneNumber('Phone'),
    licenceNumber: requiredLine('Licence number', 40).check(
      z.refine(
        (v) => /^[A-Za-z0-9 ./-]+$/.test(v),
        'Licence number may hold letters, digits, spaces, dots, slashes and dashes',
      ),
    ),
    patientInitials: patientInitialsSchema,
    eye: eyeSchema,
    currentLens: z.omit(currentLensSchema, { fromOrderId: true }),
    observations: z.optional(troubleshooterInputSchema),
    question,
    website: z.optional(z.string().check(z.maxLength(200))),
  }),
);
export type SubmitPublicConsultInput = z.input<typeof submitPublicConsultInputSchema>;
/** All a visitor sees back. */
export const submitPublicConsultOutputSchema = lazySchema(() => z.object({ reference: z.string() }));

/** The lab's proposed lens, checked against the design's catalogue ranges like an order line. */
export const consultProposalSchema = lazySchema(() =>
  z.strictObject({
    lensId: idSchema('Lens design'),
    parameters: parameterValuesSchema,
  }),
);

export const consultReplySchema = lazySchema(() =>
  z.object({
    text: z.string(),
    proposal: z.object({
      lensId: z.string(),
      lensName: z.string(),
      parameters: z.record(z.string(), z.union([z.number(), z.string()])),
    }),
    by: actorSchema,
    at: z.string(),
  }),
);

/** Who asked: a practice user, or a visitor (a lead the lab can link to a practice). */
export const consultRequesterSchema = lazySchema(() =>
  z.object({
    userId: z.optional(z.string()),
    name: z.string(),
    email: z.string(),
    practiceName: z.optional(z.string()),
    licenceNumber: z.optional(z.string()),
    phone: z.optional(z.string()),
  }),
);

/** A consult request (table `consults`, pk consultId). */
export const consultSchema = lazySchema(() =>
  z.object({
    consultId: z.string(),
    /** "AVC-000042": what the requester quotes. */
    reference: z.string(),
    source: z.enum(['practice', 'public']),
    status: consultStatusSchema,
    /** The practice's account; for a public request, absent until the lab links the lead to a practice. */
    accountNumber: z.optional(z.string()),
    requester: consultRequesterSchema,
    /** Patient reference (practice) or initials (public). */
    patient: z.string(),
    eye: eyeSchema,
    currentLens: currentLensSchema,
    observations: z.optional(troubleshooterInputSchema),
    /** The suggestions the rules gave for the observations, worked out again on the server when it was sent. */
    suggestions: z.array(suggestionSchema),
    question: z.string(),
    reply: z.optional(consultReplySchema),
    /** Orders placed from the answer ("Order this"). */
    orderIds: z._default(z.array(z.string()), []),
    createdAt: z.string(),
    statusAt: z.string(),
    updatedAt: z.string(),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type Consult = z.infer<typeof consultSchema>;
/** What a practice sees of its consult: the lab's staff ids stay with the lab. */
export const customerConsultSchema = lazySchema(() =>
  z.extend(consultSchema, {
    reply: z.optional(z.extend(z.omit(consultReplySchema, { by: true }), { by: z.object({ name: z.string() }) })),
  }),
);
export type CustomerConsult = z.infer<typeof customerConsultSchema>;

export const consultIdInputSchema = lazySchema(() => z.strictObject({ consultId: consultIdSchema }));

export const CONSULT_PAGE = { max: 100, defaultLimit: 25 } as const;
export const listAccountConsultsInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    limit: pageLimitSchema(CONSULT_PAGE.max, CONSULT_PAGE.defaultLimit),
    cursor: z.optional(pageCursorSchema),
  }),
);
export const customerConsultPageSchema = lazySchema(() => pageSchema(customerConsultSchema));

/** The lab's queue: one status, oldest first. */
export const listConsultsInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        status: z._default(consultStatusSchema, 'new'),
        limit: pageLimitSchema(CONSULT_PAGE.max, CONSULT_PAGE.defaultLimit),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { status: 'new', limit: CONSULT_PAGE.defaultLimit },
  ),
);
export const consultPageSchema = lazySchema(() => pageSchema(consultSchema));

export const replyToConsultInputSchema = lazySchema(() =>
  z.strictObject({
    consultId: consultIdSchema,
    version: versionSchema,
    text: multiLineText('Answer', 4000),
    proposal: consultProposalSchema,
  }),
);

/** Links a visitor's request (a lead) to the practice it came from. */
export const linkConsultInputSchema = lazySchema(() =>
  z.strictObject({ consultId: consultIdSchema, version: versionSchema, accountNumber: accountNumberSchema }),
);

/** The one message for "no such consult" and "not your practice's consult", so ids cannot be probed. */
export const CONSULT_NOT_FOUND = 'Consult not found';
/** Field the honeypot lives in; the page names it the same. */
export const HONEYPOT_FIELD = 'website';
/** Public sending limits (per client address and per email), in requests per window. */
export const PUBLIC_CONSULT_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 60 * 60 },
  perEmail: { limit: 3, windowSeconds: 24 * 60 * 60 },
} as const;
export const PUBLIC_CONSULT_RATE_MESSAGE =
  'Too many consult requests were sent from here. Please try again later or call the lab.';

// ---------------------------------------------------------------------------------------------------------
// Consult files: photos, OCT and topography a practice attaches to its request, with the order attachment
// rules (types, 50 MB, 10 files, the server reads the first bytes before a file counts).

export const consultUploadUrlInputSchema = lazySchema(() =>
  // Strict as the order schema is (omit and extend keep its catchall).
  z.extend(z.omit(generateUploadUrlInputSchema, { orderId: true }), { consultId: consultIdSchema }),
);
export const consultFileInputSchema = lazySchema(() =>
  z.extend(z.omit(orderFileInputSchema, { orderId: true }), { consultId: consultIdSchema }),
);
