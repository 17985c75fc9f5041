import type { CSSProperties, ReactNode } from 'react';
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

/**
 * A line saying what is loading, with a spinner: what a page or a part of it shows until it can show itself. A
 * status, so a screen reader says what the page is waiting for, as a sighted user sees it.
 */
export function LoadingLine({
  children,
  className,
  style,
}: {
  children: ReactNode;
  className?: string | undefined;
  style?: CSSProperties;
}) {
  return (
    <p role="status" className={className} style={style}>
      <Spinner size={16} /> {children}
    </p>
  );
}
