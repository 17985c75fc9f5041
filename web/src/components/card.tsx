import type { ReactNode } from 'react';
import styles from './card.module.css';

/** A white panel with an optional heading. */
export function Card({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={[styles.card, className ?? ''].join(' ')} aria-label={title}>
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      {children}
    </section>
  );
}
