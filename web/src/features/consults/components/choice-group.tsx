import { useId, type ReactNode } from 'react';
import layout from '../../../components/form-layout.module.css';
import textStyles from '../../../components/ui/text-field.module.css';
import styles from './choice-group.module.css';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

/**
 * A labelled set of radio buttons (one answer of a few, all visible): a fieldset whose legend names the
 * question, native radios so arrow keys move between the answers, and a hint or error tied to the group.
 */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  hint,
  error,
}: {
  legend: string;
  name: string;
  choices: readonly Choice<V>[];
  value: V | '';
  onChange: (value: V) => void;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`${layout.section} ${styles.group}`} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-${name}`}
              value={choice.value}
              checked={value === choice.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <div id={`${id}-hint`} className={textStyles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className={textStyles.error}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
