import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldShell } from './field-shell';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the field. */
  hint?: ReactNode;
  /** The field's error; marks the input invalid and is announced with it. */
  error?: string | undefined;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} className={styles.input} {...input} />}
    </FieldShell>
  );
}
