import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import layout from './form-layout.module.css';

/**
 * The warning beside a form's Save button when the save lost an optimistic-locking race (409 aborted): the
 * message, a note that what was typed is kept, and the button that loads the latest (see useReloadLatest).
 */
export function ReloadLatestAlert({
  title,
  children,
  reloading,
  onReload,
}: {
  title: string;
  /** What happens to the user's edits on reload. */
  children: ReactNode;
  reloading: boolean;
  onReload: () => void;
}) {
  return (
    <Alert tone="warning" title={title}>
      <p className={layout.note}>{children}</p>
      <Button size="sm" variant="secondary" onClick={onReload} loading={reloading}>
        Reload latest
      </Button>
    </Alert>
  );
}

/** A form's version conflict as the alert needs it (hooks/use-version-conflict.ts). */
interface VersionConflict {
  active: boolean;
  reloading: boolean;
  reload: () => Promise<unknown>;
}

/** The alert while `conflict` is active, nothing otherwise. */
export function ConflictAlert({
  conflict,
  title,
  children,
}: {
  conflict: VersionConflict;
  title: string;
  children: ReactNode;
}) {
  if (!conflict.active) return null;
  return (
    <ReloadLatestAlert title={title} reloading={conflict.reloading} onReload={() => void conflict.reload()}>
      {children}
    </ReloadLatestAlert>
  );
}
