import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons. */
  actions: ReactNode;
  /** alertdialog for messages that need an answer (session timeout); dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Escape and the backdrop close the dialog only when this is given. */
  onDismiss?: () => void;
  /** 'lg' for dialogs that hold a longer form. */
  size?: 'md' | 'lg';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/** Dialogs open at once; the page behind is inert while any is open. */
let openDialogs = 0;

/**
 * A modal dialog: rendered over the page, focus moves into it and stays there (Tab cycles), the page behind
 * is inert, and focus returns where it was when the dialog closes.
 */
export function Dialog({ title, children, actions, role = 'dialog', onDismiss, size = 'md' }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = document.getElementById('root');
    openDialogs += 1;
    root?.setAttribute('inert', '');
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) root?.removeAttribute('inert');
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onDismiss) {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onDismiss?.()}>
      <div
        ref={panel}
        className={[styles.panel, size === 'lg' ? styles.large : ''].join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div id={bodyId} className={styles.body}>
          {children}
        </div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
