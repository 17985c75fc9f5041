import type { RefObject } from 'react';
import type { FormErrors } from '../../../../lib/form-errors';
import styles from '../order-form.module.css';

/** What the last review found, above the fields; it takes focus so the user hears how many problems. */
export function OrderProblems({ errors, ref }: { errors: FormErrors; ref: RefObject<HTMLDivElement | null> }) {
  const problems = Object.entries(errors);
  if (problems.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className={styles.summary} role="alert" aria-labelledby="order-problems">
      <h2 id="order-problems">Please correct {problems.length === 1 ? '1 problem' : `${problems.length} problems`}</h2>
      <ul>
        {problems.map(([key, message]) => (
          <li key={key}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
