import type { ReactNode } from 'react';
import {
  LANDING_TYPE_LABELS,
  ROTATION_RESULT_LABELS,
  TAP_RESULT_LABELS,
  type ConsultantDesign,
  type TroubleshooterObservations,
} from '../../../../../core/schemas/consults';
import {
  centralClearanceText,
  clockHourText,
  landingText,
  limbalClearanceText,
  micrometresText,
  overRefractionText,
} from '../model/observation-text';
import styles from './observations-summary.module.css';

/** The lens as one line: "Ampleye, 16.5 mm, sag 4200 µm, toric landing". */
function lensText(lens: TroubleshooterObservations['lens'], designs: readonly ConsultantDesign[]): string {
  const name = lens.lensId ? (designs.find((d) => d.lensId === lens.lensId)?.name ?? lens.lensId) : 'Another lens';
  const parts = [
    name,
    lens.diameterMm !== undefined ? `${lens.diameterMm.toFixed(1)} mm` : null,
    lens.sagUm !== undefined ? `sag ${micrometresText(lens.sagUm)}` : null,
    `${LANDING_TYPE_LABELS[lens.landing].toLowerCase()} landing`,
  ];
  return parts.filter(Boolean).join(', ');
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The troubleshooter's findings as a compact definition list, for the request forms and the consult views.
 * Only what was observed is listed (tests not done and unmeasured sides are left out), except the lens, the
 * wear time and the central clearance, which every reader looks for.
 */
export function ObservationsSummary({
  observations,
  designs = [],
}: {
  observations: TroubleshooterObservations;
  /** The consultant's designs, to name the lens; without them the design id is shown. */
  designs?: readonly ConsultantDesign[];
}) {
  const limbal = limbalClearanceText(observations.limbalClearanceUm);
  const landing = landingText(observations.landing);
  const rows: { term: string; detail: ReactNode }[] = [
    { term: 'Lens', detail: lensText(observations.lens, designs) },
    { term: 'Minutes on eye', detail: `${observations.minutesOnEye} min` },
    { term: 'Central clearance', detail: centralClearanceText(observations.centralClearanceUm) },
  ];
  if (limbal) rows.push({ term: 'Limbal clearance', detail: limbal });
  if (landing.length)
    rows.push({
      term: 'Landing by clock hour',
      detail:
        landing.length === 1 ? (
          landing[0]
        ) : (
          <ul className={styles.lines}>
            {landing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ),
    });
  if (observations.rotationTest !== 'not-done')
    rows.push({ term: 'Rotation test', detail: ROTATION_RESULT_LABELS[observations.rotationTest] });
  if (observations.tapTest !== 'not-done')
    rows.push({ term: 'Tap test', detail: TAP_RESULT_LABELS[observations.tapTest] });
  rows.push({ term: 'Impression ring with rebound redness', detail: yesNo(observations.impressionRing) });
  rows.push({ term: 'Midday fogging', detail: yesNo(observations.middayFogging) });
  if (observations.overRefraction)
    rows.push({ term: 'Over-refraction', detail: overRefractionText(observations.overRefraction) });
  if (observations.toricMarksAt !== undefined)
    rows.push({ term: 'Toric marks at', detail: clockHourText(observations.toricMarksAt) });

  return (
    <dl className={styles.list}>
      {rows.map((row) => (
        <div key={row.term} className={styles.row}>
          <dt>{row.term}</dt>
          <dd>{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
