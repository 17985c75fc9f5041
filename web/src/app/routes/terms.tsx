import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ROLES } from '../../../../core/rules/auth-status';
import { homeLocation } from '../../../../core/rules/home-navigation';
import { loginUrl } from '../../../../core/rules/return-url';
import { LoadingLine } from '../../components/ui/spinner';
import { acceptTerms, TermsPanel } from '../../features/terms';
import { logError } from '../../lib/logger';
import { runtimeConfig } from '../../lib/runtime-config';
import { useSession } from '../../lib/session-context';
import { PORTAL_ROUTES } from '../route-table';

/**
 * /terms (spec 2 "Terms page"): a user who already accepted goes to their home; accepting records it
 * (acceptTerms) and goes home; a failure is only logged. Visitors may read the terms.
 */
export default function TermsRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);

  if (session.checking) {
    return <LoadingLine style={{ padding: 24 }}>Loading…</LoadingLine>;
  }
  // Only customers must accept (spec 6); anyone else signed in has nothing to do here but read.
  const mustAccept = session.user !== null && session.role === ROLES.CUSTOMER;
  if (session.user && (session.termsAccepted || !mustAccept) && !accepting)
    return <Navigate to={session.home} replace />;

  async function accept() {
    setAccepting(true);
    try {
      await acceptTerms();
      session.markTermsAccepted();
      navigate(homeLocation({ status: session.status, role: session.role, termsAccepted: true }), { replace: true });
    } catch (error) {
      logError('Accepting the terms failed', error); // spec 2: a failure is only logged
      setAccepting(false);
    }
  }

  return (
    <TermsPanel
      termsUrl={runtimeConfig().termsUrl}
      signedIn={session.user !== null}
      accepting={accepting}
      onAccept={() => void accept()}
      onLogout={() => void session.logout()}
      signInHref={loginUrl(PORTAL_ROUTES.terms.path)}
    />
  );
}
