import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { dayForPeople, isCalendarDay, SHIPPING_CALENDAR_LIMITS } from '../../../../../core/rules/ship-date';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import type { FormErrors } from '../../../lib/form-errors';
import { withHolidays } from './production-settings-values';
import styles from './production-settings.module.css';

const PATH = 'calendar.holidays';
const dayText = (day: string) => (isCalendarDay(day) ? dayForPeople(day) : day);

/**
 * The lab's holidays, in date order: each with Remove, a date field to add one, and the US federal holidays of
 * the coming year in one press when the rules know them. Messages: the list's own on `calendar.holidays`, a day's
 * on `calendar.holidays.N` (the Nth day shown: the list is kept sorted).
 */
export function HolidayListEditor({
  idPrefix,
  holidays,
  errors,
  disabled,
  federalYear,
  federalHolidays,
  onChange,
}: {
  idPrefix: string;
  holidays: string[];
  errors: FormErrors;
  disabled: boolean;
  /** The year the federal-holidays button offers, and its days as the rules know them (none: no button). */
  federalYear: number;
  federalHolidays: readonly string[];
  onChange: (holidays: string[], clearedPaths: string[]) => void;
}) {
  const [day, setDay] = useState('');
  const [dayError, setDayError] = useState<string | undefined>();
  const [added, setAdded] = useState('');
  const addRow = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<(() => void) | null>(null);
  const errorPaths = Object.keys(errors).filter((p) => p === PATH || p.startsWith(`${PATH}.`));
  const removeId = (holiday: string) => `${idPrefix}-remove-${holiday}`;
  const focusDateField = () => addRow.current?.querySelector('input')?.focus();
  const missingFederal = federalHolidays.filter((holiday) => !holidays.includes(holiday));

  useEffect(() => {
    const focus = focusAfter.current;
    focusAfter.current = null;
    focus?.();
  });

  const change = (next: string[], message: string) => {
    onChange(next, errorPaths);
    setAdded(message);
  };
  const remove = (index: number) => {
    const next = holidays.filter((_, i) => i !== index);
    // The next day's Remove takes the focus (the one before, at the end of the list), else the date field.
    const neighbour = next[index] ?? next[index - 1];
    focusAfter.current = () => (neighbour ? document.getElementById(removeId(neighbour))?.focus() : focusDateField());
    change(next, `${dayText(holidays[index]!)} removed.`);
  };
  const add = () => {
    if (!isCalendarDay(day)) {
      setDayError('Enter a date, e.g. 2027-07-05.');
      focusDateField();
      return;
    }
    if (holidays.includes(day)) {
      setDayError(`${dayText(day)} is already listed.`);
      focusDateField();
      return;
    }
    change(withHolidays(holidays, [day]), `${dayText(day)} added.`);
    setDay('');
    setDayError(undefined);
  };
  const addFederal = () => {
    const count = missingFederal.length;
    change(
      withHolidays(holidays, missingFederal),
      `${count} US federal ${count === 1 ? 'holiday' : 'holidays'} for ${federalYear} added.`,
    );
    // The button goes once every holiday is listed: the date field keeps the focus in this list.
    focusAfter.current = focusDateField;
  };
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className={layout.section} disabled={disabled}>
      <legend className={layout.legend}>Holidays</legend>
      <p className={layout.note}>
        Days the lab neither works nor ships, besides weekends: they are not counted as business days. At most{' '}
        {SHIPPING_CALENDAR_LIMITS.holidays}.
      </p>
      {errors[PATH] ? (
        <p className={styles.listError} role="alert">
          {errors[PATH]}
        </p>
      ) : null}
      {holidays.length === 0 ? (
        <p className={layout.note}>No holidays: every weekday is a business day.</p>
      ) : (
        <ul className={styles.holidays} aria-label={`Holidays (${holidays.length})`}>
          {holidays.map((holiday, index) => {
            const error = errors[`${PATH}.${index}`];
            const errorId = `${idPrefix}-holiday-${index}-error`;
            return (
              <li key={holiday} className={styles.holiday}>
                <span>
                  <time dateTime={holiday}>{dayText(holiday)}</time>
                  {error ? (
                    <span id={errorId} className={styles.itemError}>
                      {error}
                    </span>
                  ) : null}
                </span>
                <Button
                  id={removeId(holiday)}
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${dayText(holiday)}`}
                  aria-describedby={error ? errorId : undefined}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.addRow} ref={addRow}>
        <TextField
          className={styles.dateField}
          label="Holiday date"
          type="date"
          value={day}
          error={dayError}
          onChange={(event) => {
            setDay(event.target.value);
            setDayError(undefined);
          }}
          onKeyDown={addOnEnter}
        />
        <Button variant="secondary" className={styles.addButton} onClick={add}>
          Add holiday
        </Button>
      </div>
      {missingFederal.length > 0 ? (
        <Button variant="secondary" size="sm" onClick={addFederal}>
          Add US federal holidays for {federalYear}
        </Button>
      ) : null}
      <p className={styles.status} role="status">
        {added}
      </p>
    </fieldset>
  );
}
