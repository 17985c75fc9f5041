import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldShell } from './field-shell';
import styles from './text-field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A labelled multi-line input, styled and wired like TextField. */
export function TextAreaField({ label, hint, error, className, rows = 4, ...area }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...control} rows={rows} className={[styles.input, styles.area].join(' ')} {...area} />}
    </FieldShell>
  );
}
