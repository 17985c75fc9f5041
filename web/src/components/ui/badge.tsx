import type { ReactNode } from 'react';
import styles from './badge.module.css';

/** A short status word in a coloured pill; the colour repeats the word, it never replaces it. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
  children: ReactNode;
}) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
