import { PAGE_PATHS } from '../../../core/page-paths';
import { useEffect } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import { ROLES, type Role } from '../../../core/rules/auth-status';
import { decideRoute } from '../../../core/rules/route-guard';
import { VerifyingSessionOverlay } from '../components/verifying-session-overlay';
import { notifyLazily } from '../lib/notify-lazily';
import { useSession } from '../lib/session-context';
import { AppLayout } from './layouts/app-layout';
import type { RouteHandle } from './route-table';

/** The requiredRole list of the deepest matched route (spec 4), if it names one. */
function requiredRolesOf(matches: ReadonlyArray<{ handle: unknown }>): readonly Role[] | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const roles = (matches[i]?.handle as RouteHandle | undefined)?.requiredRoles;
    if (roles) return roles;
  }
  return undefined;
}

export const ACCESS_DENIED_MESSAGE = 'Access denied. You do not have permission to open that page.';

function Redirect({ to, accessDenied }: { to: string; accessDenied: boolean }) {
  useEffect(() => {
    if (accessDenied) notifyLazily('error', ACCESS_DENIED_MESSAGE);
  }, [accessDenied]);
  return <Navigate to={to} replace />;
}

/**
 * The guarded part of the portal. While the session check runs it shows the full-screen 'Verifying
 * session...' overlay (spec 2); then the spec 4 route guard decides (core/rules/route-guard.ts).
 */
export function GuardedLayout() {
  const session = useSession();
  const location = useLocation();
  const required = requiredRolesOf(useMatches());

  if (session.checking) return <VerifyingSessionOverlay />;
  // After Log Out the page the user left is no place to come back to (the next user may be someone else).
  if (session.loggedOut && !session.user) return <Navigate to={PAGE_PATHS.login} replace />;

  const decision = decideRoute(`${location.pathname}${location.search}`, session, required);
  // Answers kept from the last visit may be out of date (terms accepted elsewhere, a role changed): they may
  // show a page they allow, never send the user away from it. Any other decision waits for the fresh answers.
  const termsMissing = session.role === ROLES.CUSTOMER && !session.termsAccepted;
  if (session.cached && (decision.kind === 'redirect' || termsMissing)) return <VerifyingSessionOverlay />;
  if (decision.kind === 'redirect') {
    return <Redirect to={decision.to} accessDenied={decision.reason === 'access-denied'} />;
  }
  // spec 6: a customer needs accepted terms before any signed-in page (home navigation sends them there).
  if (termsMissing) return <Redirect to={PAGE_PATHS.terms} accessDenied={false} />;
  return <AppLayout />;
}
