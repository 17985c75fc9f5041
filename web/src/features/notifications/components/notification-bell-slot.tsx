import { lazy, Suspense, type ComponentType } from 'react';
import { firstPaint } from '../../../lib/first-paint-hold';
import { logWarning } from '../../../lib/logger';
// Imported here, not only by the bell: its styles then join the layout's style sheet instead of a file of their own.
import './notification-bell.module.css';

/**
 * The bell's code (the API client's query, its icon and styles) loads once the page's first render has
 * painted, as other parts that wait for data do (lib/first-paint-hold.ts), so no signed-in page's first paint
 * waits for it. A bell that cannot load leaves the header as it was instead of taking the page down.
 */
const NotificationBell = lazy<ComponentType>(() =>
  firstPaint()
    .then(() => import('./notification-bell'))
    .catch((error: unknown) => {
      logWarning('The notification bell could not be loaded', error);
      return { default: () => null };
    }),
);

/** The header's bell, for the signed-in layout. */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
