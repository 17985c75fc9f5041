import { passwordProblems } from '../../../../../core/password-policy';
import styles from './password-hints.module.css';

/** Every rule of the policy, in the words passwordProblems() uses. */
const RULES = passwordProblems('');

/** Live password policy hints (core/password-policy.ts): each rule ticks off as the user types. */
export function PasswordHints({ password, id }: { password: string; id?: string }) {
  const unmet = new Set(passwordProblems(password));
  return (
    <ul id={id} className={styles.hints} aria-label="Password requirements">
      {RULES.map((rule) => {
        const met = !unmet.has(rule);
        return (
          <li key={rule} className={met ? styles.met : styles.unmet}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {rule}
            <span className="visually-hidden">{met ? ' (done)' : ' (missing)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
