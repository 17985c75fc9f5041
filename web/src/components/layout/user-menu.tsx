import { useMenuButton } from '../../hooks/use-menu-button';
import { NavIcon } from './nav-icon';
import styles from './user-menu.module.css';

export interface UserMenuProps {
  name: string;
  email: string;
  roleLabel: string;
  onSettings: () => void;
  onLogout: () => void;
}

function initialsOf(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/**
 * spec 2 header user menu: Settings and Log Out. A menu button (WAI-ARIA pattern): Enter, Space or the arrow
 * keys open it, arrows move between items, Escape closes it and gives focus back to the button.
 */
export function UserMenu({ name, email, roleLabel, onSettings, onLogout }: UserMenuProps) {
  const { open, close, buttonProps, menuProps } = useMenuButton();

  function choose(action: () => void) {
    close();
    action();
  }

  return (
    <div className={styles.wrapper}>
      <button {...buttonProps} className={styles.button} aria-label={`User menu for ${name}`}>
        <span className={styles.avatar} aria-hidden="true" data-initials={initialsOf(name)} />
        <span className={styles.name}>{name}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open ? (
        <div {...menuProps} aria-label="User menu" className={styles.menu}>
          <div className={styles.identity} role="none">
            <strong>{name}</strong>
            <span>{email}</span>
            <span className={styles.role}>{roleLabel}</span>
          </div>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            onClick={() => choose(onSettings)}
          >
            <NavIcon name="settings" size={18} /> Settings
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={() => choose(onLogout)}>
            <NavIcon name="logout" size={18} /> Log Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
