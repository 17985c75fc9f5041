import {
  LAB_DEFAULT_SETTINGS,
  TROUBLESHOOTER_SETTING_LABELS,
  type ConsultantDesign,
  type TroubleshooterObservations,
  type TroubleshooterResult as Result,
  type TroubleshooterSettingsFields,
} from '../../../../../core/schemas/consults';
import { Badge } from '../../../components/ui/badge';
import { micrometresText } from '../model/observation-text';
import { DecisionSupportNote } from './decision-support-note';
import { ObservationsSummary } from './observations-summary';
import { SuggestionList } from './suggestion-list';
import styles from './troubleshooter.module.css';
import pages from './consultant-pages.module.css';

/** The lab's own numbers among the settings, with their values: the screen says which numbers are not published. */
function labDefaultsText(settings: TroubleshooterSettingsFields): string[] {
  return LAB_DEFAULT_SETTINGS.flatMap((key) => {
    if (key === 'designIds') return [];
    const { label, unit } = TROUBLESHOOTER_SETTING_LABELS[key];
    return [`${label} ${settings[key]} ${unit}`];
  });
}

/** Step 6: the rules' answer for the observations, with what it rests on. */
export function TroubleshooterResult({
  result,
  observations,
  settings,
  designs,
}: {
  result: Result;
  observations: TroubleshooterObservations;
  settings: TroubleshooterSettingsFields;
  designs: readonly ConsultantDesign[];
}) {
  const measured = observations.centralClearanceUm;
  return (
    <div className={styles.result}>
      {result.settledClearanceUm !== null && measured !== undefined ? (
        <p className={styles.settled}>
          <strong>Expected settled central clearance: about {micrometresText(result.settledClearanceUm)}</strong>{' '}
          (measured {micrometresText(measured)} after {observations.minutesOnEye} minutes; a lens settles about{' '}
          {micrometresText(settings.settlingAllowanceUm)} over a day of wear <Badge tone="neutral">Lab default</Badge>
          ).
        </p>
      ) : (
        <p className={styles.settled}>No central clearance was entered, so no settled clearance is estimated.</p>
      )}
      <section aria-labelledby="troubleshooter-suggestions" className={styles.block}>
        <h3 id="troubleshooter-suggestions" className={styles.blockTitle}>
          Suggestions
        </h3>
        <SuggestionList suggestions={result.suggestions} headingLevel={4} />
      </section>
      <DecisionSupportNote className={pages.decision} />
      <details className={styles.details}>
        <summary>The lab&apos;s own numbers these suggestions use</summary>
        <p>
          No published source gives these; they are the lab&apos;s defaults and the lab may change them:{' '}
          {labDefaultsText(settings).join('; ')}.
        </p>
      </details>
      <details className={styles.details}>
        <summary>Your observations</summary>
        <ObservationsSummary observations={observations} designs={designs} />
      </details>
    </div>
  );
}
