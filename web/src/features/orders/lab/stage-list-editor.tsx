import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { STAGE_LIMITS, workStages, type FixedStageId } from '../../../../../core/rules/production-stages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import layout from '../../../components/form-layout.module.css';
import type { FormErrors } from '../../../lib/form-errors';
import { canMove, isFixedStage, moved, withNewStage, type StageRow } from './production-settings-values';
import styles from './production-settings.module.css';

/** Why a fixed stage cannot move or go: the order's status hangs on it. */
const FIXED_HINTS: Record<FixedStageId, string> = {
  approved: 'Fixed: an order enters it when the lab approves it. It can be renamed only.',
  shipped: 'Fixed: an order enters it when the lab ships it with its parcels. It can be renamed only.',
  delivered: 'Fixed: an order enters it when the carrier reports every parcel delivered. It can be renamed only.',
};

/**
 * The lab's stage list in order: every stage can be renamed; work stages can also move up and down among the
 * work stages, be removed, and be added (at the end of the work stages). Error paths are the schema's
 * (`stages.2.label`, the list's own on `stages`); a structural change clears the stage messages, since their
 * indexes no longer point at the same rows. Keyboard: a moved stage keeps the focus on its buttons.
 */
export function StageListEditor({
  idPrefix,
  rows,
  errors,
  disabled,
  onChange,
}: {
  /** Makes the ids the editor moves focus to unique in the page. */
  idPrefix: string;
  rows: StageRow[];
  errors: FormErrors;
  disabled: boolean;
  onChange: (rows: StageRow[], clearedPaths: string[]) => void;
}) {
  const [newLabel, setNewLabel] = useState('');
  const [newLabelError, setNewLabelError] = useState<string | undefined>();
  /** What takes the focus once the list has rendered after a move or a removal. */
  const focusAfter = useRef<(() => void) | null>(null);
  const addRow = useRef<HTMLDivElement>(null);
  const stageErrorPaths = Object.keys(errors).filter((p) => p === 'stages' || p.startsWith('stages.'));
  const full =
    workStages(rows.map((row) => ({ id: row.id ?? '', label: row.label }))).length >= STAGE_LIMITS.maxWorkStages;
  const buttonId = (row: StageRow, action: 'up' | 'down' | 'remove') => `${idPrefix}-${row.rowId}-${action}`;

  useEffect(() => {
    const focus = focusAfter.current;
    focusAfter.current = null;
    focus?.();
  });
  const focusNewStage = () => addRow.current?.querySelector('input')?.focus();

  const restructure = (next: StageRow[]) => onChange(next, stageErrorPaths);
  const rename = (index: number, label: string) =>
    onChange(
      rows.map((row, i) => (i === index ? { ...row, label } : row)),
      stageErrorPaths.filter((p) => p === 'stages' || p === `stages.${index}.label`),
    );
  const move = (index: number, by: -1 | 1) => {
    const row = rows[index]!;
    // The pressed button may now be disabled (the stage reached an end): its other button takes the focus.
    focusAfter.current = () => {
      const pressed = document.getElementById(buttonId(row, by === -1 ? 'up' : 'down')) as HTMLButtonElement | null;
      const other = document.getElementById(buttonId(row, by === -1 ? 'down' : 'up'));
      (pressed && !pressed.disabled ? pressed : other)?.focus();
    };
    restructure(moved(rows, index, by));
  };
  const remove = (index: number) => {
    // The row and its buttons go: the focus goes to the field that adds a stage, in the same list.
    focusAfter.current = focusNewStage;
    restructure(rows.filter((_, i) => i !== index));
  };
  const add = () => {
    const label = newLabel.trim();
    if (label === '') {
      setNewLabelError("Enter the new stage's name.");
      focusNewStage();
      return;
    }
    restructure(withNewStage(rows, label));
    setNewLabel('');
    setNewLabelError(undefined);
  };
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the stage (as the button beside it does) rather than saving the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className={layout.section} disabled={disabled}>
      <legend className={layout.legend}>Production stages</legend>
      <p className={layout.note}>
        The stages an approved order moves through in the lab, in this order. Renaming a stage keeps the orders at it;
        an order at a removed stage stays there until the lab moves it on.
      </p>
      {errors['stages'] ? (
        <p className={styles.listError} role="alert">
          {errors['stages']}
        </p>
      ) : null}
      <ol className={styles.stages} aria-label="Production stages">
        {rows.map((row, index) => {
          const fixed = isFixedStage(row);
          const name = row.label.trim() || `stage ${index + 1}`;
          return (
            <li key={row.rowId} className={styles.stage}>
              <TextField
                className={styles.stageName}
                label={`Name of stage ${index + 1}`}
                autoComplete="off"
                value={row.label}
                error={errors[`stages.${index}.label`]}
                hint={
                  fixed ? (
                    <>
                      <Badge>Fixed</Badge> {FIXED_HINTS[row.id as FixedStageId]}
                    </>
                  ) : row.id === null ? (
                    <>
                      <Badge tone="info">New</Badge> Added when you save.
                    </>
                  ) : undefined
                }
                onChange={(event) => rename(index, event.target.value)}
              />
              {fixed ? null : (
                <span className={styles.rowActions}>
                  <Button
                    id={buttonId(row, 'up')}
                    size="sm"
                    variant="ghost"
                    disabled={!canMove(rows, index, -1)}
                    aria-label={`Move ${name} up`}
                    onClick={() => move(index, -1)}
                  >
                    Up
                  </Button>
                  <Button
                    id={buttonId(row, 'down')}
                    size="sm"
                    variant="ghost"
                    disabled={!canMove(rows, index, 1)}
                    aria-label={`Move ${name} down`}
                    onClick={() => move(index, 1)}
                  >
                    Down
                  </Button>
                  <Button
                    id={buttonId(row, 'remove')}
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.addRow} ref={addRow}>
        <TextField
          className={styles.stageName}
          label="New stage name"
          autoComplete="off"
          value={newLabel}
          error={newLabelError}
          hint={
            full
              ? `The list has ${STAGE_LIMITS.maxWorkStages} work stages, the most it may have: remove one to add another.`
              : 'Added after the last work stage; move it where the lab does it.'
          }
          onChange={(event) => {
            setNewLabel(event.target.value);
            setNewLabelError(undefined);
          }}
          onKeyDown={addOnEnter}
        />
        <Button variant="secondary" className={styles.addButton} disabled={full} onClick={add}>
          Add stage
        </Button>
      </div>
    </fieldset>
  );
}
