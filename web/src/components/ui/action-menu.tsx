import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from './spinner';
import styles from './action-menu.module.css';

export interface MenuAction {
  key: string;
  label: string;
  onSelect: () => void;
  /** Destructive actions are shown in red. */
  danger?: boolean;
}

/**
 * A row's actions behind one button (WAI-ARIA menu button): Enter, Space or the arrow keys open it, arrows,
 * Home and End move, Escape closes it and gives focus back to the button. While an action of the row runs
 * the button is disabled and shows a spinner.
 */
export function ActionMenu({ label, actions, busy = false }: { label: string; actions: MenuAction[]; busy?: boolean }) {
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

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const target: Record<string, number> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key in target) {
      event.preventDefault();
      list[target[event.key] ?? 0]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  if (actions.length === 0) return null;
  return (
    <div className={styles.wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        disabled={busy}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {busy ? <Spinner size={14} /> : null}
        <span aria-hidden="true">Actions</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open ? (
        <div ref={menu} id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <button
              key={action.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={[styles.item, action.danger ? styles.danger : ''].join(' ')}
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
