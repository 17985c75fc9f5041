import type { NotifyKind } from './notify';

/**
 * notify() for code that loads before its page paints and toasts only later, if at all (the session provider in
 * the entry, the route guard, the order form): the toast code loads with the first message instead of with
 * the page.
 */
export function notifyLazily(kind: NotifyKind, message: string): void {
  void import('./notify').then(({ notify }) => notify(kind, message));
}
