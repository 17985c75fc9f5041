import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'danger' for actions that cannot be undone or lock someone out. */
  tone?: 'primary' | 'danger';
  busy: boolean;
  /** Why the last attempt failed, shown in the dialog so the user can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action. Cancel gets the focus first (a stray Enter must not delete anything);
 * while the action runs both buttons are disabled and Escape does nothing.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  tone = 'danger',
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      role="alertdialog"
      {...(busy ? {} : { onDismiss: onCancel })}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
    </Dialog>
  );
}
