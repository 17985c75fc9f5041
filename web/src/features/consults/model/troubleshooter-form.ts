import {
  CLOCK_HOURS,
  troubleshooterInputSchema,
  type ClockHour,
  type ConsultantDesign,
  type LandingFinding,
  type LandingType,
  type TroubleshooterObservations,
  ROTATION_RESULTS,
  TAP_RESULTS,
} from '../../../../../core/schemas/consults';
import type { EYES } from '../../../../../core/schemas/orders';
import { formErrorsOf, type FormErrors } from '../../../lib/form-errors';

/**
 * The troubleshooter's form: text as typed (numbers are read when a step is checked, so a half-typed value
 * is never rewritten under the cursor), grouped with the same paths the observations schema reports errors
 * on ('lens.sagUm', 'limbalClearanceUm.nasal', 'overRefraction.sphere'), so its messages land on the fields.
 */
export interface TroubleshooterFormValues {
  [key: string]: unknown;
  /** Which eye, only to carry over to a request form; the rules do not need it. */
  eye: '' | (typeof EYES)[number];
  lens: { lensId: string; diameterMm: string; sagUm: string; landing: '' | LandingType };
  minutesOnEye: string;
  centralClearanceUm: string;
  limbalClearanceUm: { superior: string; inferior: string; nasal: string; temporal: string };
  /** What the landing does at each clock hour the fitter looked at. */
  landing: Partial<Record<ClockHour, LandingFinding>>;
  rotationTest: (typeof ROTATION_RESULTS)[number];
  tapTest: (typeof TAP_RESULTS)[number];
  impressionRing: boolean;
  middayFogging: boolean;
  overRefraction: { sphere: string; cylinder: string; axis: string; cylinderMatchesOverK: boolean };
  toricMarksAt: string;
}

export const EMPTY_TROUBLESHOOTER_FORM: TroubleshooterFormValues = {
  eye: '',
  lens: { lensId: '', diameterMm: '', sagUm: '', landing: '' },
  minutesOnEye: '',
  centralClearanceUm: '',
  limbalClearanceUm: { superior: '', inferior: '', nasal: '', temporal: '' },
  landing: {},
  rotationTest: 'not-done',
  tapTest: 'not-done',
  impressionRing: false,
  middayFogging: false,
  overRefraction: { sphere: '', cylinder: '', axis: '', cylinderMatchesOverK: false },
  toricMarksAt: '',
};

/** Blank is "not given"; anything else is read as a number (a decimal comma too), NaN when it is not one. */
function numberOrAbsent(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}

const withoutAbsent = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;

/** What the form holds, in the shape the observations schema reads. */
export function observationsInputOf(values: TroubleshooterFormValues): Record<string, unknown> {
  const over = values.overRefraction;
  const overGiven = [over.sphere, over.cylinder, over.axis].some((v) => v.trim() !== '') || over.cylinderMatchesOverK;
  return withoutAbsent({
    lens: withoutAbsent({
      lensId: values.lens.lensId || undefined,
      diameterMm: numberOrAbsent(values.lens.diameterMm),
      sagUm: numberOrAbsent(values.lens.sagUm),
      landing: values.lens.landing || undefined,
    }),
    minutesOnEye: numberOrAbsent(values.minutesOnEye),
    centralClearanceUm: numberOrAbsent(values.centralClearanceUm),
    limbalClearanceUm: withoutAbsent({
      superior: numberOrAbsent(values.limbalClearanceUm.superior),
      inferior: numberOrAbsent(values.limbalClearanceUm.inferior),
      nasal: numberOrAbsent(values.limbalClearanceUm.nasal),
      temporal: numberOrAbsent(values.limbalClearanceUm.temporal),
    }),
    landing: CLOCK_HOURS.flatMap((hour) => {
      const finding = values.landing[hour];
      return finding ? [{ hour, finding }] : [];
    }),
    impressionRing: values.impressionRing,
    rotationTest: values.rotationTest,
    tapTest: values.tapTest,
    middayFogging: values.middayFogging,
    overRefraction: overGiven
      ? withoutAbsent({
          sphere: numberOrAbsent(over.sphere),
          cylinder: numberOrAbsent(over.cylinder),
          axis: numberOrAbsent(over.axis),
          cylinderMatchesOverK: over.cylinderMatchesOverK,
        })
      : undefined,
    toricMarksAt: numberOrAbsent(values.toricMarksAt),
  });
}

const rangeText = (r: { min: number; max: number }, digits: number, unit: string) =>
  `${r.min.toFixed(digits)} to ${r.max.toFixed(digits)} ${unit}`;

/** "Diameter 15.0 to 18.0 mm; sag 3000 to 6000 µm": what a covered design is made in. */
export function designRangesText(design: ConsultantDesign): string | null {
  const parts = [
    design.diameterMm ? `diameter ${rangeText(design.diameterMm, 1, 'mm')}` : null,
    design.sagUm ? `sag ${rangeText(design.sagUm, 0, 'µm')}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `${design.name}: ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** A covered design is made only within its catalogue ranges and landing types: say so at the field. */
function designErrors(values: TroubleshooterFormValues, design: ConsultantDesign | undefined): FormErrors {
  if (!design) return {};
  const errors: FormErrors = {};
  const diameter = numberOrAbsent(values.lens.diameterMm);
  if (
    design.diameterMm &&
    diameter !== undefined &&
    (diameter < design.diameterMm.min || diameter > design.diameterMm.max)
  )
    errors['lens.diameterMm'] = `${design.name} is made in diameters ${rangeText(design.diameterMm, 1, 'mm')}`;
  const sag = numberOrAbsent(values.lens.sagUm);
  if (design.sagUm && sag !== undefined && (sag < design.sagUm.min || sag > design.sagUm.max))
    errors['lens.sagUm'] = `${design.name} is made in sags ${rangeText(design.sagUm, 0, 'µm')}`;
  const landing = values.lens.landing;
  if (landing && design.landingTypes.length > 0 && !design.landingTypes.includes(landing))
    errors['lens.landing'] = `${design.name} is not made with this landing type`;
  return errors;
}

/** The steps of the troubleshooter, and which fields each one checks (by the paths of their messages). */
export const TROUBLESHOOTER_STEPS = [
  { title: 'Current lens', fields: ['eye', 'lens'] },
  { title: 'Wear time and clearance', fields: ['minutesOnEye', 'centralClearanceUm', 'limbalClearanceUm'] },
  { title: 'Landing by clock hour', fields: ['landing'] },
  { title: 'Tests and symptoms', fields: ['rotationTest', 'tapTest', 'impressionRing', 'middayFogging'] },
  { title: 'Over-refraction', fields: ['overRefraction', 'toricMarksAt'] },
  { title: 'Suggestions', fields: [] },
] as const;

export type CheckedObservations =
  { ok: true; observations: TroubleshooterObservations } | { ok: false; errors: FormErrors };

/**
 * Checks the form with the observations schema (the same one the server reads a request with) and the chosen
 * design's ranges: the observations, or every message by field path.
 */
export function checkObservations(
  values: TroubleshooterFormValues,
  designs: readonly ConsultantDesign[],
): CheckedObservations {
  const parsed = troubleshooterInputSchema.safeParse(observationsInputOf(values));
  const design = designs.find((d) => d.lensId === values.lens.lensId);
  const errors: FormErrors = { ...designErrors(values, design), ...(parsed.success ? {} : formErrorsOf(parsed.error)) };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, observations: parsed.data };
  return { ok: false, errors };
}

/** The messages for one step's fields only: a later step's empty fields never stop an earlier one. */
export function stepErrors(
  values: TroubleshooterFormValues,
  designs: readonly ConsultantDesign[],
  step: number,
): FormErrors {
  const checked = checkObservations(values, designs);
  if (checked.ok) return {};
  const fields: readonly string[] = TROUBLESHOOTER_STEPS[step]?.fields ?? [];
  return Object.fromEntries(
    Object.entries(checked.errors).filter(([path]) => fields.some((f) => path === f || path.startsWith(`${f}.`))),
  );
}
