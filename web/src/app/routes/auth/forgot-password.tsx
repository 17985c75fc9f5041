import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout, ForgotPasswordForm } from '../../../features/auth';

/** /auth/forgot-password: ask for a reset code by email. */
export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the email you sign in with and we will send you a reset code."
      footer={<Link to={PAGE_PATHS.login}>Back to sign in</Link>}
    >
      <ForgotPasswordForm
        initialEmail={params.get('email') ?? ''}
        onCodeSent={(email) => navigate(pagePaths.resetPassword(email))}
      />
    </AuthLayout>
  );
}
