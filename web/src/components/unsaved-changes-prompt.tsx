import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { isAuthRoute } from '../../../core/rules/public-routes';
import { ConfirmDialog } from './ui/confirm-dialog';

/**
 * Asks before leaving a page with unsaved changes: inside the portal (a menu link, the back button) with a
 * dialog, and when the tab is closed or reloaded with the browser's own prompt.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  // Logging out (or a session that expires) goes to an auth page: that is never held up.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !isAuthRoute(nextLocation.pathname),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Leave without saving?"
      confirmLabel="Leave page"
      busy={false}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    >
      You have changes that are not saved. If you leave this page now, they are lost.
    </ConfirmDialog>
  );
}
