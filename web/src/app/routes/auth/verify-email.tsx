import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingLine } from '../../../components/ui/spinner';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { VerifyEmailForm } from '../../../features/auth/components/verify-email-form';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';

/**
 * /auth/verify-email (spec 2): after sign-up (confirm the new account, then sign in) or for a signed-in user
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

  async function onVerified() {
    if (signedIn) {
      // New tokens carry email_verified = true.
      const facts = await session.reload({ forceRefresh: true });
      notify.success('Your email address is verified.');
      navigate(facts.home, { replace: true });
    } else {
      navigate(pagePaths.login({ verified: 1, email }), { replace: true });
    }
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
