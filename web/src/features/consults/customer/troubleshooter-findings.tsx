import { PAGE_PATHS } from '../../../../../core/page-paths';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_TROUBLESHOOTER_SETTINGS, type TroubleshooterObservations } from '../../../../../core/schemas/consults';
import { troubleshoot } from '../../../../../core/rules/scleral-troubleshooter';
import { Button } from '../../../components/ui/button';
import { useConsultantSetup } from '../api/public-consultant';
import { ObservationsSummary } from '../components/observations-summary';
import { SuggestionList } from '../components/suggestion-list';
import styles from './customer-consults.module.css';

/**
 * The troubleshooter's findings carried over to the request ("Ask a consultant about this"), with the
 * suggestions they give, so the practice sees what the lab will see; or, without findings, the way to the
 * troubleshooter.
 */
export function TroubleshooterFindings({
  observations,
  onRemove,
}: {
  observations: TroubleshooterObservations | null;
  onRemove: () => void;
}) {
  return (
    <section className={styles.section} aria-labelledby="consult-findings">
      <h2 id="consult-findings" className={styles.legend}>
        Troubleshooter findings
      </h2>
      {observations ? (
        <Findings observations={observations} onRemove={onRemove} />
      ) : (
        <p className={styles.muted}>
          No findings attached. The troubleshooter turns your slit-lamp observations into suggestions, and the lab gets
          them with your question. <Link to={PAGE_PATHS.consultantTroubleshooter}>Run the troubleshooter first</Link>
        </p>
      )}
    </section>
  );
}

function Findings({ observations, onRemove }: { observations: TroubleshooterObservations; onRemove: () => void }) {
  const setup = useConsultantSetup();
  // Until the lab's settings are read (or when they cannot be), the default settings give the suggestions.
  const settings = setup.data?.settings ?? DEFAULT_TROUBLESHOOTER_SETTINGS;
  const result = useMemo(() => troubleshoot(observations, settings), [observations, settings]);
  return (
    <div className={styles.findings}>
      <ObservationsSummary observations={observations} designs={setup.data?.designs ?? []} />
      <h3 className={styles.subheading}>Suggestions</h3>
      <SuggestionList suggestions={result.suggestions} headingLevel={4} />
      <p className={styles.muted}>
        These go with your request. The lab works the suggestions out again with its current settings when it receives
        it.
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={onRemove}>
          Remove the findings
        </Button>
      </div>
    </div>
  );
}
