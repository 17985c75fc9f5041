import type { ReactNode } from 'react';
import styles from './alert.module.css';

/**
 * A message box in the page. Errors use role="alert" so screen readers announce them when they appear;
 * other tones are polite status messages.
 */
export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'success' | 'error' | 'warning';
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <strong className={styles.title}>{title}</strong> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
