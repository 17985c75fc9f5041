import { useId } from 'react';
import { SUGGESTION_AREA_LABELS, SUGGESTION_AREAS, type Suggestion } from '../../../../../core/schemas/consults';
import { Badge } from '../../../components/ui/badge';
import styles from './suggestion-list.module.css';

/** The kind in words (the badge colour only repeats it). */
const KIND_LABELS: Record<Suggestion['kind'], string> = {
  change: 'Change',
  check: 'Check first',
  keep: 'Keep',
};
const KIND_TONES = { change: 'info', check: 'warning', keep: 'success' } as const;

/**
 * The troubleshooter's suggestions, grouped by area in the order a fitter works through a fit (when to judge,
 * central clearance, limbal, landing, toricity, diameter, power). Each one says what to do, why, where the rule
 * comes from and, visibly, when a number in it is the lab's own default rather than a published value.
 */
export function SuggestionList({
  suggestions,
  headingLevel = 3,
}: {
  suggestions: readonly Suggestion[];
  /** The level of the area headings, so the list fits under the page's own headings. */
  headingLevel?: 2 | 3 | 4;
}) {
  const idPrefix = useId();
  if (suggestions.length === 0) return <p className={styles.empty}>No suggestions.</p>;
  const Heading = `h${headingLevel}` as const;
  const areas = SUGGESTION_AREAS.filter((area) => suggestions.some((s) => s.area === area));
  const anyLabDefault = suggestions.some((s) => s.labDefault);

  return (
    <div className={styles.list}>
      {areas.map((area) => (
        <section key={area} className={styles.area} aria-labelledby={`${idPrefix}-${area}`}>
          <Heading id={`${idPrefix}-${area}`} className={styles.areaTitle}>
            {SUGGESTION_AREA_LABELS[area]}
          </Heading>
          <ul className={styles.items}>
            {suggestions
              .filter((s) => s.area === area)
              .map((s, index) => (
                <li key={`${s.ruleId}-${index}`} className={`${styles.item} ${styles[s.kind]}`}>
                  <p className={styles.action}>
                    <Badge tone={KIND_TONES[s.kind]}>{KIND_LABELS[s.kind]}</Badge>
                    <span className="visually-hidden">: </span>
                    <strong>{s.action}</strong>
                    {s.labDefault ? (
                      <>
                        {' '}
                        <Badge tone="neutral">Lab default</Badge>
                      </>
                    ) : null}
                  </p>
                  <p className={styles.why}>{s.why}</p>
                  <p className={styles.source}>Source: {s.source}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
      {anyLabDefault ? (
        <p className={styles.note}>
          <strong>Lab default</strong>: a number in the suggestion is the lab&apos;s own choice (no published value
          gives it); the lab can change it.
        </p>
      ) : null}
    </div>
  );
}
