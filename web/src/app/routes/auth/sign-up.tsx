import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout, SignUpForm } from '../../../features/auth';

/** /auth/sign-up: a new practice user (spec 4 "Sign-up"), then the email verification step. */
export default function SignUpRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Create your account"
      description="For eye-care practices ordering from Lenslab."
      footer={
        <span>
          Already have an account? <Link to={PAGE_PATHS.login}>Sign in</Link>
        </span>
      }
    >
      <SignUpForm onSignedUp={(email) => navigate(pagePaths.verifyEmail(email))} />
    </AuthLayout>
  );
}
