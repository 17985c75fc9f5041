import type { ReactNode } from 'react';
import { Logo } from './logo';
import styles from './full-page-error.module.css';

/** A page-filling error: the app cannot go on (no runtime config) or a route failed to render. */
export function FullPageError({ title, children, details }: { title: string; children?: ReactNode; details?: string }) {
  return (
    <main className={styles.page}>
      <div className={styles.panel} role="alert">
        <Logo height={40} />
        <h1 className={styles.title}>{title}</h1>
        {children ? <div className={styles.body}>{children}</div> : null}
        {details ? <pre className={styles.details}>{details}</pre> : null}
      </div>
    </main>
  );
}
