/**
 * Toasts (spec 2 "Notifications"): top-right, 5 s, close button, progress bar, at most 5 open. A message
 * already showing is not shown twice: its toast counts the repeats "(x2)", "(x3)" and stays 1 s longer.
 * Messages are plain text, always rendered as text (issue 10 item 11): they are built from names people typed
 * (a practice, a lens design, an email), so a name like `<a href=...>` must show as those characters, never
 * become a link or markup in a super admin's toast.
 */
import { createElement, Fragment } from 'react';
import { toast, type ToastContainerProps, type TypeOptions } from 'react-toastify/unstyled';
import { UI } from '../../../core/constants';

export type NotifyKind = Extract<TypeOptions, 'success' | 'error' | 'info' | 'warning'>;

/** Props for the app's one <ToastContainer>. */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: UI.toastTimeoutMs,
  closeButton: true,
  hideProgressBar: false,
  limit: UI.toastMaxOpen,
  newestOnTop: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: false,
  draggable: false,
  theme: 'light',
} as const satisfies ToastContainerProps;

/** How many times each open toast's message was raised. */
const repeats = new Map<string, number>();

/** One id per kind and message, so the same message maps onto the toast already open. */
export function toastIdFor(kind: NotifyKind, message: string): string {
  let hash = 5381;
  for (let i = 0; i < message.length; i++) hash = ((hash << 5) + hash + message.charCodeAt(i)) | 0;
  return `${kind}-${(hash >>> 0).toString(36)}-${message.length}`;
}

/** The toast's body: the message as a React text node (React escapes it), then the repeat count. */
function content(message: string, count: number) {
  return createElement(
    'span',
    null,
    message,
    count > 1
      ? createElement(Fragment, null, ' ', createElement('strong', { className: 'toast-count' }, `(x${count})`))
      : null,
  );
}

/** Only strings are shown; anything else a caller slips past the types (an element, an object) becomes text. */
const asText = (message: unknown): string => (typeof message === 'string' ? message : String(message));

/** Shows a toast, or counts a repeat of one that is open. Returns the toast id. */
export function notify(kind: NotifyKind, text: string): string {
  const message = asText(text);
  const toastId = toastIdFor(kind, message);
  if (toast.isActive(toastId)) {
    const count = (repeats.get(toastId) ?? 1) + 1;
    repeats.set(toastId, count);
    // spec 2, 9: a duplicate extends the open toast by 1 s (the timer restarts with 6 s).
    toast.update(toastId, {
      render: content(message, count),
      autoClose: UI.toastTimeoutMs + UI.toastExtendedTimeoutMs,
    });
    return toastId;
  }
  repeats.set(toastId, 1);
  toast(content(message, 1), {
    toastId,
    type: kind,
    onClose: () => repeats.delete(toastId),
  });
  return toastId;
}

/** How many times an open toast's message was raised (1 for a single one, 0 when not open). */
export function repeatCount(toastId: string): number {
  return repeats.get(toastId) ?? 0;
}

notify.success = (message: string) => notify('success', message);
notify.error = (message: string) => notify('error', message);
notify.info = (message: string) => notify('info', message);
notify.warning = (message: string) => notify('warning', message);
