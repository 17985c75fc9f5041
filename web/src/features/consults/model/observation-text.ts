import {
  LANDING_FINDING_LABELS,
  LANDING_FINDINGS,
  LIMBAL_SIDES,
  type LandingFinding,
  type TroubleshooterObservations,
} from '../../../../../core/schemas/consults';

/** How the consultant's pages write the fitter's numbers, the same everywhere they appear. */

export const micrometresText = (um: number) => `${um} µm`;

/** A dioptre value with its sign (a true minus, as the suggestions write it): "+1.25 D", "−0.75 D". */
export function dioptresText(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)} D`;
}

export const clockHourText = (hour: number) => `${hour} o'clock`;

/** Central clearance in words: 0 is touch, which the fitter reads differently from a small number. */
export const centralClearanceText = (um: number | undefined) =>
  um === undefined ? 'Not measured' : um === 0 ? 'Touch (0 µm)' : micrometresText(um);

const SIDE_LABELS: Record<(typeof LIMBAL_SIDES)[number], string> = {
  superior: 'Superior',
  inferior: 'Inferior',
  nasal: 'Nasal',
  temporal: 'Temporal',
};

/** "Superior 80 µm, Inferior 0 µm (touch)", or null when no side was measured. */
export function limbalClearanceText(limbal: TroubleshooterObservations['limbalClearanceUm']): string | null {
  const sides = LIMBAL_SIDES.flatMap((side) => {
    const um = limbal[side];
    return um === undefined ? [] : [`${SIDE_LABELS[side]} ${micrometresText(um)}${um === 0 ? ' (touch)' : ''}`];
  });
  return sides.length ? sides.join(', ') : null;
}

/** The landing findings grouped by finding, clock hours in clock order: "Blanching (compression) at 3, 9". */
export function landingText(landing: TroubleshooterObservations['landing']): string[] {
  const byFinding = new Map<LandingFinding, number[]>();
  for (const { hour, finding } of landing) byFinding.set(finding, [...(byFinding.get(finding) ?? []), hour]);
  return LANDING_FINDINGS.flatMap((finding) => {
    const hours = byFinding.get(finding);
    if (!hours) return [];
    const ordered = [...hours].sort((a, b) => (a % 12) - (b % 12));
    return [`${LANDING_FINDING_LABELS[finding]} at ${ordered.join(', ')} o'clock`];
  });
}

/** "+1.25 D / −0.75 D × 180", with the flexure note when the cylinder matches the over-K. */
export function overRefractionText(over: NonNullable<TroubleshooterObservations['overRefraction']>): string {
  const cylinder = over.cylinder !== 0 ? ` / ${dioptresText(over.cylinder)}${over.axis ? ` × ${over.axis}` : ''}` : '';
  const flexure = over.cylinderMatchesOverK ? ' (cylinder matches the over-K)' : '';
  return `${dioptresText(over.sphere)}${cylinder}${flexure}`;
}
