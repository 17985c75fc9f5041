import { useState } from 'react';
import { resetPassword } from 'aws-amplify/auth';
import { useSubmission } from '../../../forms/use-submission';
import { amplifyReady } from '../../../lib/amplify-auth';
import { logWarning } from '../../../lib/logger';
import { authErrorMessage } from '../utils/auth-error-message';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

/**
 * Step one of a password reset: spec 5 "Email is required". Whether the email has an account is never said
 * (docs/decisions/0086-no-account-enumeration.md): Cognito answers alike and sends
 * a code only to an account, and the next step says so.
 */
export function ForgotPasswordForm({
  initialEmail = '',
  onCodeSent,
}: {
  initialEmail?: string;
  onCodeSent: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmission();

  async function submit() {
    const address = email.trim().toLowerCase();
    if (!address) return setError('Email is required');
    try {
      await amplifyReady();
      await resetPassword({ username: address });
      onCodeSent(address);
    } catch (failure) {
      logWarning('Password reset request failed', failure);
      setError(authErrorMessage(failure, 'resetPassword'));
    }
  }

  return (
    <AuthForm onSubmit={onSubmit(submit)} busy={busy} error={error} submitLabel="Send reset code">
      <EmailField value={email} onChange={setEmail} />
    </AuthForm>
  );
}
