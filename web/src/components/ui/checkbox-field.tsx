import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldShell } from './field-shell';
import styles from './checkbox-field.module.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label beside it, and a hint or error tied to it. */
export function CheckboxField({ label, hint, error, className, ...input }: CheckboxFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className} layout="inline">
      {(control) => <input {...control} type="checkbox" className={styles.box} {...input} />}
    </FieldShell>
  );
}
