import { useState } from 'react';
import { isCallableError } from '../lib/callable-error';
import { useReloadLatest } from './use-reload-latest';

/**
 * A save sent with the version read that lost the race (409 aborted), in a dialog that keeps what was typed
 * (lab actions on an order, void and record payment on an invoice): `caught(error)` shows the conflict and
 * answers true when `error` is that 409, so the caller stops there (any other error stays the caller's);
 * `reload` runs `onReload` (see useReloadLatest) and then clears the conflict, so the next send carries the
 * new version.
 */
export function useVersionConflict(onReload: () => Promise<unknown>) {
  const [conflict, setConflict] = useState(false);
  const { reloading, reload } = useReloadLatest(async () => {
    await onReload();
    setConflict(false);
  });
  const caught = (error: unknown): boolean => {
    if (!isCallableError(error) || error.status !== 'aborted') return false;
    setConflict(true);
    return true;
  };
  return { conflict, clearConflict: () => setConflict(false), caught, reloading, reload };
}
