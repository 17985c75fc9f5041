import type { ReactNode } from 'react';
import styles from './spinner.module.css';

/** A decorative spinner; pair it with visible or screen-reader text saying what is loading. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 10)) }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}

/** A line saying what is loading, with a spinner: what a page or a part of it shows until it can show itself. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p>
      <Spinner size={16} /> {children}
    </p>
  );
}
