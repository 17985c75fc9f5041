import { useMenuButton } from '../../hooks/use-menu-button';
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
  const { open, close, buttonProps, menuProps } = useMenuButton();

  if (actions.length === 0) return null;
  return (
    <div className={styles.wrapper}>
      <button {...buttonProps} className={styles.button} aria-label={label} disabled={busy}>
        {busy ? <Spinner size={14} /> : null}
        <span aria-hidden="true">Actions</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open ? (
        <div {...menuProps} aria-label={label} className={styles.menu}>
          {actions.map((action) => (
            <button
              key={action.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={[styles.item, action.danger ? styles.danger : ''].join(' ')}
              onClick={() => {
                close();
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
