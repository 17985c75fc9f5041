import { PARAMETER_UNITS } from '../../../../../core/schemas/lenses';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { FormErrors } from '../../../lib/form-errors';
import layout from '../../../components/form-layout.module.css';
import { newParameterRow, parameterKeyOf, type ParameterRow } from './lens-values';
import styles from './lens-management.module.css';
import { DECIMAL_INPUT } from '../../../forms/number-inputs';

const UNIT_OPTIONS = PARAMETER_UNITS.map((unit) => ({ value: unit, label: unit || '(none)' }));
const KIND_LABELS = { number: 'Number', option: 'List of options' } as const;
const NUMBER_BOUNDS = [
  { field: 'min', label: 'Min' },
  { field: 'max', label: 'Max' },
  { field: 'step', label: 'Step' },
] as const;

/**
 * The parameter definitions of a design: add (number or list of options), remove, move up and down, and
 * edit each one. Error paths are the schema's (`parameters.2.max`); a structural change (add, remove,
 * move) clears the parameter messages, since their indexes no longer point at the same rows.
 */
export function ParameterEditor({
  rows,
  errors,
  disabled,
  onChange,
}: {
  rows: ParameterRow[];
  errors: FormErrors;
  disabled: boolean;
  onChange: (rows: ParameterRow[], clearedPaths: string[]) => void;
}) {
  const parameterErrorPaths = Object.keys(errors).filter((p) => p === 'parameters' || p.startsWith('parameters.'));
  const restructure = (next: ParameterRow[]) => onChange(next, parameterErrorPaths);
  const edit = (index: number, patch: Partial<ParameterRow>, field: string) => {
    const next = rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
    const prefix = `parameters.${index}.${field}`;
    onChange(
      next,
      parameterErrorPaths.filter((p) => p === prefix || p.startsWith(`${prefix}.`) || p === 'parameters'),
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    restructure(next);
  };
  const at = (index: number, field: string) => errors[`parameters.${index}.${field}`];

  return (
    <fieldset className={layout.section} disabled={disabled}>
      <legend className={layout.legend}>Parameters</legend>
      <p className={layout.note}>
        The order form shows these fields in this order and refuses values outside them; the server checks the same. An
        axis is asked for only when a cylinder is given.
      </p>
      {errors['parameters'] ? (
        <p className={styles.listError} role="alert">
          {errors['parameters']}
        </p>
      ) : null}
      <ol className={styles.parameters} aria-label="Parameters">
        {rows.map((row, index) => {
          const name = row.label || `Parameter ${index + 1}`;
          return (
            <li key={row.rowId} className={styles.parameter} aria-label={name}>
              <div className={styles.parameterHead}>
                <strong>
                  {index + 1}. {name}
                  <span className={styles.kind}> · {KIND_LABELS[row.kind]}</span>
                </strong>
                <span className={styles.rowActions}>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={`Move ${name} up`}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === rows.length - 1}
                    aria-label={`Move ${name} down`}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => restructure(rows.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </span>
              </div>
              <div className={layout.row}>
                <TextField
                  label="Label"
                  autoComplete="off"
                  value={row.label}
                  error={at(index, 'label')}
                  onChange={(e) =>
                    edit(
                      index,
                      { label: e.target.value, ...(row.keyFixed ? {} : { key: parameterKeyOf(e.target.value) }) },
                      'label',
                    )
                  }
                />
                <TextField
                  label="Key"
                  autoComplete="off"
                  hint="What orders store the value under; keep it when editing."
                  value={row.key}
                  error={at(index, 'key')}
                  onChange={(e) => edit(index, { key: e.target.value, keyFixed: true }, 'key')}
                />
              </div>
              {row.kind === 'number' ? (
                <div className={styles.numberFields}>
                  <SelectField
                    label="Unit"
                    options={UNIT_OPTIONS}
                    value={row.unit}
                    error={at(index, 'unit')}
                    onChange={(e) => edit(index, { unit: e.target.value }, 'unit')}
                  />
                  {NUMBER_BOUNDS.map(({ field, label }) => (
                    <TextField
                      key={field}
                      label={label}
                      {...DECIMAL_INPUT}
                      value={row[field]}
                      error={at(index, field)}
                      onChange={(e) => edit(index, { [field]: e.target.value }, field)}
                    />
                  ))}
                </div>
              ) : (
                <OptionList
                  name={name}
                  options={row.options}
                  errorAt={(path) => at(index, path)}
                  onChange={(options, field) => edit(index, { options }, field)}
                />
              )}
              <CheckboxField
                label="Required"
                checked={row.required}
                onChange={(e) => edit(index, { required: e.target.checked }, 'required')}
              />
            </li>
          );
        })}
      </ol>
      <div className={layout.actions}>
        <Button size="sm" variant="secondary" onClick={() => restructure([...rows, newParameterRow('number')])}>
          Add number parameter
        </Button>
        <Button size="sm" variant="secondary" onClick={() => restructure([...rows, newParameterRow('option')])}>
          Add option parameter
        </Button>
      </div>
    </fieldset>
  );
}

/** The options of a list parameter: a stored value and the label the order form shows (e.g. with the Dk). */
function OptionList({
  name,
  options,
  errorAt,
  onChange,
}: {
  name: string;
  options: ParameterRow['options'];
  errorAt: (path: string) => string | undefined;
  onChange: (options: ParameterRow['options'], field: string) => void;
}) {
  const set = (i: number, patch: Partial<ParameterRow['options'][number]>, field: 'value' | 'label') =>
    onChange(
      options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
      `options.${i}.${field}`,
    );
  return (
    <div className={styles.options}>
      {errorAt('options') ? (
        <p className={styles.listError} role="alert">
          {errorAt('options')}
        </p>
      ) : null}
      {options.map((option, i) => (
        <div key={i} className={styles.option}>
          <TextField
            label={`Option ${i + 1} value`}
            autoComplete="off"
            value={option.value}
            error={errorAt(`options.${i}.value`)}
            onChange={(e) => set(i, { value: e.target.value }, 'value')}
          />
          <TextField
            label={`Option ${i + 1} label`}
            autoComplete="off"
            value={option.label}
            error={errorAt(`options.${i}.label`)}
            onChange={(e) => set(i, { label: e.target.value }, 'label')}
          />
          <Button
            size="sm"
            variant="ghost"
            className={styles.removeOption}
            aria-label={`Remove option ${i + 1} of ${name}`}
            disabled={options.length === 1}
            onClick={() =>
              onChange(
                options.filter((_, j) => j !== i),
                'options',
              )
            }
          >
            Remove
          </Button>
        </div>
      ))}
      <Button size="sm" variant="ghost" onClick={() => onChange([...options, { value: '', label: '' }], 'options')}>
        Add option
      </Button>
    </div>
  );
}
