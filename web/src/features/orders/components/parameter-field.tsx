import { PARAMETER_UNIT_SYMBOLS } from '../../../../../core/rules/lens-parameters';
import type { ParameterDefinition } from '../../../../../core/schemas/lenses';
import { FieldShell } from '../../../components/ui/field-shell';
import fieldStyles from '../../../components/ui/text-field.module.css';
import styles from './order-form.module.css';

/**
 * One lens parameter generated from its definition: a number input with the range and step as attributes
 * and the unit beside it, or a select of the options. The message (checked as the user types) sits under
 * the field and is announced with it; `changedFrom` marks a reorder's edit.
 */
export function ParameterField({
  def,
  name,
  value,
  error,
  changedFrom,
  onChange,
}: {
  def: ParameterDefinition;
  name: string;
  value: string;
  error: string | undefined;
  changedFrom?: string | undefined;
  onChange: (value: string) => void;
}) {
  const label = def.required ? def.label : `${def.label} (optional)`;
  return (
    <FieldShell
      label={label}
      hint={changedFrom ? <>Changed from {changedFrom}</> : undefined}
      error={error}
      className={changedFrom ? styles.changed : undefined}
    >
      {(control) =>
        def.kind === 'number' ? (
          <div className={styles.unitInput}>
            <input
              {...control}
              name={name}
              className={fieldStyles.input}
              type="number"
              inputMode="decimal"
              min={def.min}
              max={def.max}
              step={def.step}
              value={value}
              required={def.required}
              onChange={(event) => onChange(event.target.value)}
            />
            {def.unit ? (
              <span className={styles.unit} aria-hidden="true">
                {PARAMETER_UNIT_SYMBOLS[def.unit]}
              </span>
            ) : null}
          </div>
        ) : (
          <select
            {...control}
            name={name}
            className={fieldStyles.input}
            value={value}
            required={def.required}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Choose…</option>
            {def.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )
      }
    </FieldShell>
  );
}
