import type { TroubleshooterSettingsFields } from '../schemas/consults';

/**
 * How far a scleral lens has settled after some minutes of wear. Published: about half of the settling
 * happens in the first 30 minutes; one study measured 63% at 2 h, 81% at 4 h and 91% at 6 h, and a lens is
 * taken as fully settled after a day's 8 hours. Between those points the curve is straight.
 */
const SETTLING_CURVE: readonly { minutes: number; fraction: number }[] = [
  { minutes: 0, fraction: 0 },
  { minutes: 30, fraction: 0.5 },
  { minutes: 120, fraction: 0.63 },
  { minutes: 240, fraction: 0.81 },
  { minutes: 360, fraction: 0.91 },
  { minutes: 480, fraction: 1 },
];

/** The share of its total settling (0..1) a lens has done after `minutesOnEye`. */
export function settledFraction(minutesOnEye: number): number {
  if (minutesOnEye <= 0) return 0;
  for (let i = 1; i < SETTLING_CURVE.length; i += 1) {
    const from = SETTLING_CURVE[i - 1]!;
    const to = SETTLING_CURVE[i]!;
    if (minutesOnEye <= to.minutes) {
      const share = (minutesOnEye - from.minutes) / (to.minutes - from.minutes);
      return from.fraction + share * (to.fraction - from.fraction);
    }
  }
  return 1;
}

type SettlingSettings = Pick<TroubleshooterSettingsFields, 'settlingAllowanceUm'>;

/** Whole micrometres the lens will still settle: the lab's allowance times the share not yet settled. */
export function remainingSettlingUm(minutesOnEye: number, settings: SettlingSettings): number {
  const remaining = settings.settlingAllowanceUm * (1 - settledFraction(minutesOnEye));
  // Clean binary noise (9.4999999 for 9.5) so a half micrometre rounds up as written.
  return Math.round(Number(remaining.toFixed(9)));
}

/** Central clearance expected once the lens has settled (never below 0: the lens then touches). */
export function settledClearanceUm(measuredUm: number, minutesOnEye: number, settings: SettlingSettings): number {
  return Math.max(0, measuredUm - remainingSettlingUm(minutesOnEye, settings));
}
