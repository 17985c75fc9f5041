import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../logo';
import { NavIcon } from './nav-icon';
import styles from './header.module.css';

export interface HeaderProps {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  homePath: string;
  /** The STAGING badge, when not in production. */
  badge?: ReactNode;
  /** The notification bell; its place is kept while its code loads, so nothing beside it moves when it shows. */
  notifications?: ReactNode;
  userMenu: ReactNode;
}

/** spec 2 header: the menu toggle, the logo, the STAGING badge, the notification bell and the user menu. */
export function Header({
  sidebarId,
  sidebarOpen,
  onToggleSidebar,
  homePath,
  badge,
  notifications,
  userMenu,
}: HeaderProps) {
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.toggle}
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        aria-label={sidebarOpen ? 'Collapse menu' : 'Expand menu'}
        onClick={onToggleSidebar}
      >
        <NavIcon name="menu" size={22} />
      </button>
      <Link to={homePath} className={styles.brand}>
        <Logo height={34} />
      </Link>
      <div className={styles.spacer} />
      {badge}
      {notifications ? <div className={styles.slot}>{notifications}</div> : null}
      {userMenu}
    </header>
  );
}
