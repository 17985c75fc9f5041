import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_STATUS } from '../../../../../core/rules/auth-status';
import { LoadingLine } from '../../../components/ui/spinner';
import { signInAfterSignUp, AuthLayout, VerifyEmailForm } from '../../../features/auth';
import { logWarning } from '../../../lib/logger';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';

/**
 * /auth/verify-email (spec 2): after sign-up (confirm the new account, then go on signed in) or for a signed-in user
 * whose email is still unverified (spec 4 EMAILNOTVERIFIED: verify, then go home).
 */
export default function VerifyEmailRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  if (session.checking) {
    return (
      <AuthLayout title="Verify your email">
        <LoadingLine>Checking your session…</LoadingLine>
      </AuthLayout>
    );
  }
  if (session.user?.emailVerified) return <Navigate to={session.home} replace />;

  const signedIn = session.user !== null;
  const email = signedIn ? (session.user?.email ?? '') : (params.get('email') ?? '');

  async function onVerified(address: string) {
    if (signedIn) {
      // New tokens carry email_verified = true.
      const facts = await session.reload({ forceRefresh: true });
      notify.success('Your email address is verified.');
      navigate(facts.home, { replace: true });
      return;
    }
    // A new user goes on signed in with the password just typed on the sign-up form; without it (a reload
    // in between) or if that sign-in fails, the sign-in page says the email is verified, as before.
    const facts = await signInAfterSignUp(address)
      .then((done) => (done ? session.reload() : null))
      .catch((failure: unknown) => {
        logWarning('Signing in after sign-up failed', failure);
        return null;
      });
    if (facts && facts.status !== AUTH_STATUS.UNAUTHENTICATED) {
      notify.success('Your email address is verified.');
      navigate(facts.home, { replace: true });
      return;
    }
    navigate(pagePaths.login({ verified: 1, email: address }), { replace: true });
  }

  return (
    <AuthLayout
      title="Verify your email"
      description={
        signedIn
          ? `Your email address ${email} is not verified yet. Ask for a code, then enter it here.`
          : email
            ? `We sent a 6-digit code to ${email}.`
            : 'Enter your email and the 6-digit code we sent you.'
      }
      footer={
        signedIn ? (
          <button type="button" className="link-button" onClick={() => void session.logout()}>
            Log out
          </button>
        ) : (
          <Link to={PAGE_PATHS.login}>Back to sign in</Link>
        )
      }
    >
      <VerifyEmailForm mode={signedIn ? 'signed-in' : 'sign-up'} initialEmail={email} onVerified={onVerified} />
    </AuthLayout>
  );
}
