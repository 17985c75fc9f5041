import { useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  CLOCK_HOURS,
  LANDING_FINDING_LABELS,
  LANDING_FINDINGS,
  type ClockHour,
  type LandingFinding,
} from '../../../../../core/schemas/consults';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { clockHourText } from '../model/observation-text';
import styles from './clock-face-picker.module.css';

export type LandingByHour = Partial<Record<ClockHour, LandingFinding>>;

/** The word drawn inside each hour's button (its state); the button's accessible name carries the full label. */
const SHORT_LABELS: Record<LandingFinding, string> = {
  aligned: 'Aligned',
  'edge-lift': 'Lift',
  blanching: 'Blanch',
  impingement: 'Impinge',
};

const FINDING_CLASSES: Record<LandingFinding, string | undefined> = {
  aligned: styles.aligned,
  'edge-lift': styles.edgeLift,
  blanching: styles.blanching,
  impingement: styles.impingement,
};

/** Letter keys that choose a finding directly on the focused hour. */
const KEY_FINDINGS: Record<string, LandingFinding> = {
  a: 'aligned',
  e: 'edge-lift',
  b: 'blanching',
  i: 'impingement',
};

const NOT_RECORDED = 'Not recorded';

/** Enter or Space on an hour steps through the findings, then back to not recorded. */
export function nextFinding(current: LandingFinding | undefined): LandingFinding | undefined {
  if (!current) return LANDING_FINDINGS[0];
  return LANDING_FINDINGS[LANDING_FINDINGS.indexOf(current) + 1];
}

const findingLabel = (finding: LandingFinding | undefined) =>
  finding ? LANDING_FINDING_LABELS[finding] : NOT_RECORDED;

const LIST_OPTIONS = LANDING_FINDINGS.map((f) => ({ value: f, label: LANDING_FINDING_LABELS[f] }));

/**
 * What the landing zone does at each clock hour, picked on a clock face as the fitter sees the lens: one button
 * per hour placed around a circle. The clock is one tab stop: arrow keys move around it (right and down
 * clockwise, left and up back), Home and End go to 12 and 11, Enter or Space steps through the findings,
 * A / E / B / I choose one directly and Delete clears it. The same findings are offered as a list of selects
 * (one per hour) for anyone who would rather not use the clock; both edit the same values.
 */
export function ClockFacePicker({
  value,
  onChange,
  error,
}: {
  value: LandingByHour;
  onChange: (hour: ClockHour, finding: LandingFinding | undefined) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [active, setActive] = useState<ClockHour>(12);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<ClockHour, HTMLButtonElement>());

  function set(hour: ClockHour, finding: LandingFinding | undefined) {
    onChange(hour, finding);
    setAnnouncement(`${clockHourText(hour)}: ${findingLabel(finding)}`);
  }

  function moveTo(hour: ClockHour) {
    setActive(hour);
    buttons.current.get(hour)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, hour: ClockHour) {
    const index = (CLOCK_HOURS as readonly number[]).indexOf(hour);
    const step = (by: number) => CLOCK_HOURS[(index + by + CLOCK_HOURS.length) % CLOCK_HOURS.length]!;
    const key = event.key;
    let handled = true;
    if (key === 'ArrowRight' || key === 'ArrowDown') moveTo(step(1));
    else if (key === 'ArrowLeft' || key === 'ArrowUp') moveTo(step(-1));
    else if (key === 'Home') moveTo(CLOCK_HOURS[0]);
    else if (key === 'End') moveTo(CLOCK_HOURS[CLOCK_HOURS.length - 1]!);
    else if (key === 'Delete' || key === 'Backspace') set(hour, undefined);
    else if (KEY_FINDINGS[key.toLowerCase()] && !event.ctrlKey && !event.metaKey && !event.altKey)
      set(hour, KEY_FINDINGS[key.toLowerCase()]);
    else handled = false;
    if (handled) event.preventDefault();
  }

  const unmarked = CLOCK_HOURS.filter((hour) => !value[hour]);

  return (
    <div className={styles.picker}>
      <div
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-keys${error ? ` ${id}-error` : ''}`}
        className={styles.clockArea}
      >
        <p id={`${id}-title`} className={styles.title}>
          Clock face (12 = superior, 6 = inferior)
        </p>
        <p id={`${id}-keys`} className={styles.keys}>
          Choose an hour to step through the findings. With the keyboard: arrow keys move around the clock, Enter or
          Space changes the finding, A, E, B or I choose aligned, edge lift, blanching or impingement, Delete clears.
        </p>
        <div className={styles.clock}>
          {CLOCK_HOURS.map((hour) => {
            const finding = value[hour];
            return (
              <button
                key={hour}
                ref={(node) => {
                  if (node) buttons.current.set(hour, node);
                  else buttons.current.delete(hour);
                }}
                type="button"
                tabIndex={hour === active ? 0 : -1}
                className={`${styles.hour} ${styles[`h${hour}`]} ${finding ? FINDING_CLASSES[finding] : styles.none}`}
                aria-label={`${clockHourText(hour)}: ${findingLabel(finding)}`}
                onFocus={() => setActive(hour)}
                onClick={() => set(hour, nextFinding(finding))}
                onKeyDown={(event) => onKeyDown(event, hour)}
              >
                <span className={styles.hourNumber} aria-hidden="true">
                  {hour}
                </span>
                <span
                  className={styles.hourFinding}
                  aria-hidden="true"
                  data-finding={finding ? SHORT_LABELS[finding] : '–'}
                />
              </button>
            );
          })}
        </div>
        {error ? (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.bulk}>
          <Button
            variant="secondary"
            size="sm"
            disabled={unmarked.length === 0}
            onClick={() => {
              for (const hour of unmarked) onChange(hour, 'aligned');
              setAnnouncement(`${unmarked.length} unmarked hours set to aligned`);
            }}
          >
            Mark the rest aligned
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={unmarked.length === CLOCK_HOURS.length}
            onClick={() => {
              for (const hour of CLOCK_HOURS) onChange(hour, undefined);
              setAnnouncement('All hours cleared');
            }}
          >
            Clear all
          </Button>
        </div>
        <div className="visually-hidden" aria-live="polite">
          {announcement}
        </div>
      </div>
      <fieldset className={styles.list}>
        <legend className={styles.title}>The same findings as a list</legend>
        <div className={styles.listGrid}>
          {CLOCK_HOURS.map((hour) => (
            <SelectField
              key={hour}
              label={clockHourText(hour)}
              placeholder={NOT_RECORDED}
              options={LIST_OPTIONS}
              value={value[hour] ?? ''}
              onChange={(event) => onChange(hour, (event.target.value || undefined) as LandingFinding | undefined)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
