/**
 * Toasts (spec 2 "Notifications"): top-right, 5 s, close button, progress bar, at most 5 open (a 6th closes
 * the oldest), the pointer on a toast holds it and it closes 1 s after the pointer leaves; a message already
 * showing is not shown twice, its toast counts the repeats "(x2)", "(x3)". The timing is toast-lifetimes.ts.
 * Messages are plain text, always rendered as text: they are built from names people typed
 * (a practice, a lens design, an email), so a name like `<a href=...>` must show as those characters, never
 * become a link or markup in a super admin's toast.
 */
import { createElement } from 'react';
import { toast, type ToastContainerProps, type TypeOptions } from 'react-toastify/unstyled';
import { UI } from '../../../core/constants';
import { ToastBody } from './toast-body';
import { createToastLifetimes } from './toast-lifetimes';
import { needToasts } from './toasts-needed';

export type NotifyKind = Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>;

/**
 * Props for the app's one <ToastContainer>. Closing, holding and the limit are toast-lifetimes.ts's, so the
 * library's own timer, hover pause and queue are off; each toast draws its own progress bar.
 */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: false,
  closeButton: true,
  hideProgressBar: true,
  newestOnTop: true,
  pauseOnHover: false,
  pauseOnFocusLoss: false,
  closeOnClick: false,
  draggable: false,
  theme: 'light',
} as const satisfies ToastContainerProps;

/** One key per kind and message, so the same message maps onto the toast already open. */
export function toastIdFor(kind: NotifyKind, message: string): string {
  let hash = 5381;
  for (let i = 0; i < message.length; i++) hash = ((hash << 5) + hash + message.charCodeAt(i)) | 0;
  return `${kind}-${(hash >>> 0).toString(36)}-${message.length}`;
}

const lifetimes = createToastLifetimes(
  { timeoutMs: UI.toastTimeoutMs, extendedTimeoutMs: UI.toastExtendedTimeoutMs, maxOpen: UI.toastMaxOpen },
  (toastId) => toast.dismiss(toastId),
);

/**
 * Each shown toast gets its own library id: a message raised again while its closed toast is still fading out
 * would otherwise be swallowed (the library ignores an id it still holds).
 */
let shown = 0;

/** Only strings are shown; anything else a caller slips past the types (an element, an object) becomes text. */
const asText = (message: unknown): string => (typeof message === 'string' ? message : String(message));

/** Shows a toast, or counts a repeat of one that is open. Returns the message's key. */
export function notify(kind: NotifyKind, text: string): string {
  const message = asText(text);
  const key = toastIdFor(kind, message);
  const toastId = `${key}-${++shown}`;
  if (lifetimes.show(key, toastId) === 'counted') return key;
  needToasts();
  toast(createElement(ToastBody, { messageKey: key, message, kind, lifetimes }), {
    toastId,
    type: kind,
    customProgressBar: true,
    onClose: () => lifetimes.closed(key),
  });
  return key;
}

/** How many times an open toast's message was raised (1 for a single one, 0 when not open). */
export function repeatCount(key: string): number {
  return lifetimes.life(key)?.count ?? 0;
}

notify.success = (message: string) => notify('success', message);
notify.error = (message: string) => notify('error', message);
notify.info = (message: string) => notify('info', message);
notify.warning = (message: string) => notify('warning', message);
