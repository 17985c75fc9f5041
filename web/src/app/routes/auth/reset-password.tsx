import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

/** /auth/reset-password: the emailed code and a new password. */
export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <AuthLayout
      title="Choose a new password"
      description={email ? `We sent a reset code to ${email}.` : 'Enter the reset code we emailed you.'}
      footer={<Link to="/auth/forgot-password">Send a new code</Link>}
    >
      <ResetPasswordForm
        initialEmail={email}
        onReset={(address) => navigate(`/auth/login?reset=1&email=${encodeURIComponent(address)}`, { replace: true })}
      />
    </AuthLayout>
  );
}
