import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSession } from '../lib/session-context';
import { DocumentTitle } from './document-title';
import { SessionProvider } from './providers/session-provider';

const SessionTimers = lazy(() => import('./session-timers'));

/**
 * The session timers load once a user is signed in (the sign-in page does not need them) and then stay
 * mounted, so the 'Session Expired' popup outlives the logout it causes.
 */
function SignedInTimers() {
  const { user } = useSession();
  const [needed, setNeeded] = useState(false);
  if (user && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <SessionTimers />
    </Suspense>
  ) : null;
}

/** The root route: the session, the document title and the session timers around every page. */
export function Root() {
  return (
    <SessionProvider>
      <DocumentTitle />
      <SignedInTimers />
      <Outlet />
      <ScrollRestoration />
    </SessionProvider>
  );
}
