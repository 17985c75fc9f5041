import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldShell } from './field-shell';
import styles from './text-field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose…"); left out when the field always has a value. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A labelled select whose hint and error are tied to it with aria-describedby, styled like TextField. */
export function SelectField({ label, options, placeholder, hint, error, className, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} className={styles.input} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
