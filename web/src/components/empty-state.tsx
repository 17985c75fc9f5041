import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** A clear "nothing here yet" panel for pages and lists without content. */
export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <section className={styles.empty} aria-label={title}>
      <div className={styles.icon} aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 48 48" width="48" height="48">
            <circle cx="24" cy="24" r="21" fill="var(--color-accent-soft)" />
            <path
              d="M10 25c4-6 8.5-9 14-9s10 3 14 9c-4 6-8.5 9-14 9s-10-3-14-9z"
              fill="#fff"
              stroke="var(--color-accent)"
              strokeWidth="2"
            />
            <circle cx="24" cy="25" r="4.5" fill="var(--color-primary)" />
          </svg>
        )}
      </div>
      <h2 className={styles.title}>{title}</h2>
      {children ? <div className={styles.body}>{children}</div> : null}
    </section>
  );
}
