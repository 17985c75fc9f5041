import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { APP_VERSION } from '../../../../../core/constants';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import { Logo } from '../../../components/logo';
import { runtimeConfig } from '../../../lib/runtime-config';
import { LabContact } from './lab-contact';
import styles from './consultant-layout.module.css';

const NAV = [
  { to: PAGE_PATHS.virtualConsultant, label: 'Overview', end: true },
  { to: PAGE_PATHS.consultantTroubleshooter, label: 'Troubleshooter', end: false },
  { to: PAGE_PATHS.consultantAsk, label: 'Ask a consultant', end: false },
];

/**
 * The frame of the Ampleye Virtual Consultant's public pages (spec 2 public routes: no sidebar, no session
 * timer): the logo, the way between the three pages and to sign in, the page, and the lab's contact.
 */
export function ConsultantLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <a className="skip-link" href="#consultant-main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to={PAGE_PATHS.virtualConsultant} className={styles.brand}>
          <Logo height={34} />
        </Link>
        <nav aria-label="Ampleye Virtual Consultant" className={styles.nav}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? styles.current : '')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={PAGE_PATHS.login} className={styles.signIn}>
          Sign in
        </Link>
      </header>
      <main id="consultant-main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <LabContact />
        <p className={styles.footerLinks}>
          <a href={runtimeConfig().termsUrl} target="_blank" rel="noopener noreferrer">
            Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <span>Version {APP_VERSION}</span>
        </p>
      </footer>
    </div>
  );
}
