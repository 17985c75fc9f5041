import { PAGE_PATHS } from '../../../../../core/page-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_VERSION } from '../../../../../core/constants';
import { Logo } from '../../../components/logo';
import { runtimeConfig } from '../../../lib/runtime-config';
import styles from './auth-layout.module.css';

/** The frame of the auth pages: the page content only (spec 2 public routes), centred on a card. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.logo}>
          <Logo height={44} />
        </div>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </main>
      <footer className={styles.pageFooter}>
        <Link to={PAGE_PATHS.virtualConsultant}>Ampleye Virtual Consultant</Link>
        <a href={runtimeConfig().termsUrl} target="_blank" rel="noopener noreferrer">
          Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <span>Version {APP_VERSION}</span>
      </footer>
    </div>
  );
}
