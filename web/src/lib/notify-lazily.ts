import { logWarning } from './logger';
import type { NotifyKind } from './notify';

/**
 * notify() for code that loads before its page paints and toasts only later, if at all (the session provider in
 * the entry, the route guard, the order form): the toast code loads with the first message instead of with
 * the page.
 */
export function notifyLazily(kind: NotifyKind, message: string): void {
  // Without the network the toast code may not load: the message is logged, and the page's own state (a
  // signed-out page, an inline error) still tells the user.
  import('./notify')
    .then(({ notify }) => notify(kind, message))
    .catch((error: unknown) => logWarning('A message could not be shown', error, { kind, message }));
}
