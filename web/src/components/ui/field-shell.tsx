import { useId, type ReactNode } from 'react';
import checkboxStyles from './checkbox-field.module.css';
import textStyles from './text-field.module.css';

/** What the control inside a FieldShell spreads onto itself so its label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  /** `stacked`: label above the control (text, select, text area); `inline`: a checkbox with its label beside it. */
  layout?: 'stacked' | 'inline';
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The label, hint and error around one form control, with the ids that tie them to it, so every field in the
 * UI kit is announced the same way by screen readers.
 */
export function FieldShell({ label, hint, error, className, layout = 'stacked', children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const styles = layout === 'inline' ? checkboxStyles : textStyles;
  const control = children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy });
  const labelElement = (
    <label htmlFor={id} className={styles.label}>
      {label}
    </label>
  );
  return (
    <div className={[styles.field, className ?? ''].join(' ')}>
      {layout === 'inline' ? (
        <div className={checkboxStyles.row}>
          {control}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
