import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list.at(-1)?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function choose(action: () => void) {
    close(false);
    action();
  }

  return (
    <div className={styles.wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`User menu for ${name}`}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={onButtonKey}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span className={styles.name}>{name}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open ? (
        <div ref={menu} id={menuId} role="menu" aria-label="User menu" className={styles.menu} onKeyDown={onMenuKey}>
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
