import { ACCOUNT_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { confirmResetPassword } from 'aws-amplify/auth';
import { passwordPolicyMessage } from '../../../../../core/password-policy';
import { useSubmission } from '../../../forms/use-submission';
import { amplifyReady } from '../../../lib/amplify-auth';
import { logWarning } from '../../../lib/logger';
import { authErrorMessage } from '../utils/auth-error-message';
import { NewPasswordField, PasswordField } from './password-field';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';
import { EmailedCodeField } from './emailed-code-field';

/** Step two of a password reset: the emailed code and a new password that meets the policy. */
export function ResetPasswordForm({
  initialEmail = '',
  onReset,
}: {
  initialEmail?: string;
  onReset: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmission();

  async function submit() {
    const address = email.trim().toLowerCase();
    if (!address) return setError('Email is required');
    if (!/^\d{6}$/.test(code.trim())) return setError(ACCOUNT_MESSAGES.enterEmailCode);
    const problem = passwordPolicyMessage(password);
    if (problem) return setError(problem);
    if (password !== confirm) return setError('The two passwords do not match.');
    try {
      await amplifyReady();
      await confirmResetPassword({ username: address, confirmationCode: code.trim(), newPassword: password });
      onReset(address);
    } catch (failure) {
      logWarning('Password reset failed', failure);
      setError(authErrorMessage(failure, 'confirmResetPassword'));
    }
  }

  return (
    <AuthForm onSubmit={onSubmit(submit)} busy={busy} error={error} submitLabel="Reset password">
      <EmailField value={email} onChange={setEmail} autoComplete="username" />
      <EmailedCodeField label="Reset code" value={code} onChange={setCode} />
      <NewPasswordField name="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordField
        label="Confirm new password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        required
      />
    </AuthForm>
  );
}
