import { useState } from 'react';

/**
 * The "Reload latest" step after a save lost an optimistic-locking race (409 aborted): `reload` runs
 * `onReload` and `reloading` is true meanwhile, so the button shows progress and cannot be pressed twice.
 * What happens to the form afterwards (re-keyed on the new version, or the conflict cleared) is the caller's.
 */
export function useReloadLatest(onReload: () => Promise<unknown>) {
  const [reloading, setReloading] = useState(false);
  async function reload() {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  }
  return { reloading, reload };
}
