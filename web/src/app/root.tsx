import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { afterNextPaint } from '../lib/after-next-paint';
import { useSession } from '../lib/session-context';
import { DocumentTitle } from './document-title';
import { SessionProvider } from './providers/session-provider';

const SessionTimers = lazy(() => import('./session-timers'));

/**
 * The session timers load once a user is signed in (the sign-in page does not need them) and then stay
 * mounted, so the 'Session Expired' popup outlives the logout it causes. They start on the fresh session, not
 * on the answers kept from the last visit (session-timers.tsx), so they load then, once that page has painted:
 * fetched while a returning user's page was still to paint, they only delayed it.
 */
function SignedInTimers() {
  const { user, checking, cached } = useSession();
  const [needed, setNeeded] = useState(false);
  const signedIn = user !== null && !checking && !cached;
  useEffect(() => {
    if (signedIn && !needed) return afterNextPaint(() => setNeeded(true));
  }, [signedIn, needed]);
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
