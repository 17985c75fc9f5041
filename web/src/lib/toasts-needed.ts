/**
 * Whether the app's toast container should be mounted (app/app.tsx). It loads with the user's first
 * interaction or the first message, whichever comes first, not with the page: most pages show no message before
 * the user acts, and the toast library is not among what a page needs to paint. A message raised before the
 * container is there waits for it (the library queues it). If its file cannot be fetched (the network is gone),
 * the container is given up for now and the next message tries again.
 */
import { useSyncExternalStore } from 'react';

let needed = false;
const listeners = new Set<() => void>();

function setNeeded(value: boolean): void {
  if (needed === value) return;
  needed = value;
  listeners.forEach((listener) => listener());
}

export const needToasts = (): void => setNeeded(true);

/** The container's file did not load: unmount it, so that the next message loads it again. */
export const toastsFailedToLoad = (): void => setNeeded(false);

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Loads the container when the user first presses, taps or types: by the time an action of theirs has a message
 * to show, it is there (and loaded while the network still answers). Returns a cancel function.
 */
export function needToastsOnFirstInteraction(target: Window = window): () => void {
  const stop = () => FIRST_INTERACTION.forEach((type) => target.removeEventListener(type, onInteraction, true));
  function onInteraction() {
    stop();
    needToasts();
  }
  FIRST_INTERACTION.forEach((type) => target.addEventListener(type, onInteraction, { capture: true, passive: true }));
  return stop;
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
