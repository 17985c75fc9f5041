import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SESSION_MESSAGES } from '../../../../../core/messages';
import { AUTH_STATUS } from '../../../../../core/rules/auth-status';
import { safeReturnUrl } from '../../../../../core/rules/return-url';
import { Alert } from '../../../components/ui/alert';
import { AuthLayout, LoginForm, type SignInOutcome } from '../../../features/auth';
import { useSession, type SignedOutState } from '../../../lib/session-context';

/** /auth/login: sign-in; honours a returnUrl inside the portal (spec 2, core/rules/return-url.ts). */
export default function LoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signingIn, setSigningIn] = useState(false);
  /** Why the server refused the session a sign-in just made: shown in the page, never only in a toast. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const ended = (useLocation().state as Partial<SignedOutState> | null)?.sessionEnded;
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const email = params.get('email') ?? '';

  // Already signed in (a second tab, the back button): straight on.
  if (!signingIn && !session.checking && session.user) return <Navigate to={returnUrl ?? session.home} replace />;

  async function onOutcome(outcome: SignInOutcome) {
    switch (outcome.kind) {
      case 'signed-in':
      case 'already-signed-in': {
        setSigningIn(true);
        setRefusal(null);
        const facts = await session.reload();
        if (facts.status === AUTH_STATUS.UNAUTHENTICATED) {
          setRefusal(`${SESSION_MESSAGES.signInRefused} ${facts.refusal ?? 'Please try again.'}`);
          setSigningIn(false);
          return;
        }
        // spec 4: the guard on the target decides; the returnUrl only says where the user wanted to go.
        navigate(returnUrl ?? facts.home, { replace: true });
        return;
      }
      case 'confirm-email':
        navigate(pagePaths.verifyEmail(outcome.email));
        return;
      case 'reset-password':
        navigate(pagePaths.forgotPassword(outcome.email));
        return;
    }
  }

  return (
    <AuthLayout
      title="Sign in"
      description="Order custom lenses, pay invoices and manage lens credit."
      footer={
        <span>
          New to Lenslab? <Link to={PAGE_PATHS.signUp}>Create an account</Link>
        </span>
      }
    >
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      {ended && !refusal ? <Alert tone="warning">{ended}</Alert> : null}
      {params.get('verified') === '1' ? (
        <Alert tone="success">Your email address is verified. Please sign in.</Alert>
      ) : null}
      {params.get('reset') === '1' ? <Alert tone="success">Your password has been reset. Please sign in.</Alert> : null}
      <LoginForm key={email} initialEmail={email} onOutcome={onOutcome} />
    </AuthLayout>
  );
}
