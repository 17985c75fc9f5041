import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { NavIcon, type IconName } from './nav-icon';
import styles from './sidebar.module.css';

export interface SidebarItem {
  path: string;
  label: string;
  icon: IconName;
}

export interface SidebarProps {
  id: string;
  open: boolean;
  /** Narrow screens: the open sidebar lies over the page. */
  narrow: boolean;
  items: readonly SidebarItem[];
  /** Shown above the menu while open (the customer's name and account, spec 2). */
  header?: ReactNode;
  version: string;
}

/**
 * spec 2 sidebar: 192 px open, 40 px collapsed (icons only, each with its label for screen readers and as
 * a tooltip). The app layout decides when it is open.
 */
export function Sidebar({ id, open, narrow, items, header, version }: SidebarProps) {
  const classes = [styles.sidebar, open ? styles.open : styles.collapsed, narrow ? styles.narrow : ''].join(' ');
  return (
    <aside id={id} className={classes} data-state={open ? 'open' : 'collapsed'} aria-label="Sidebar">
      {open && header ? <div className={styles.header}>{header}</div> : null}
      <nav aria-label="Main menu" className={styles.nav}>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
                title={open ? undefined : item.label}
              >
                <NavIcon name={item.icon} />
                <span className={open ? styles.label : 'visually-hidden'}>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.version} aria-label={`Version ${version}`}>
        {open ? `Version ${version}` : `v${version}`}
      </p>
    </aside>
  );
}
