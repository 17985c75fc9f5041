import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout, ResetPasswordForm } from '../../../features/auth';

/** /auth/reset-password: the emailed code and a new password. */
export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <AuthLayout
      title="Choose a new password"
      description={
        email ? `If ${email} has an account, we sent a reset code to it.` : 'Enter the reset code we emailed you.'
      }
      footer={<Link to={PAGE_PATHS.forgotPassword}>Send a new code</Link>}
    >
      <ResetPasswordForm
        initialEmail={email}
        onReset={(address) => navigate(pagePaths.login({ reset: 1, email: address }), { replace: true })}
      />
    </AuthLayout>
  );
}
