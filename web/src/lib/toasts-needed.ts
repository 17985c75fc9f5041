/**
 * Whether the app's toast container is mounted yet (app/app.tsx). It loads with the first message
 * (lib/notify.ts says so), not with the page: most pages show none before the user acts, and the toast library
 * is not among what a page needs to paint. A message raised before the container is there waits for it (the
 * library queues it).
 */
import { useSyncExternalStore } from 'react';

let needed = false;
const listeners = new Set<() => void>();

export function needToasts(): void {
  if (needed) return;
  needed = true;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** False while React hydrates a prerendered page, which was rendered without the container. */
export const useToastsNeeded = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => needed,
    () => false,
  );
