import { useState, type FormEvent } from 'react';
import { resetPassword } from 'aws-amplify/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isCallableError } from '../../../lib/callable-error';
import { logWarning } from '../../../lib/logger';
import { checkEmailExists } from '../api/check-email-exists';
import { AUTH_MESSAGES, authErrorMessage } from '../utils/auth-error-message';
import styles from './auth-form.module.css';

/**
 * Step one of a password reset: spec 5 "Email is required"; spec 8 "No account found with this email
 * address", answered by the throttled checkEmailExists route before Cognito sends the code.
 */
export function ForgotPasswordForm({
  initialEmail = '',
  onCodeSent,
}: {
  initialEmail?: string;
  onCodeSent: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) return setError('Email is required');
    setError(null);
    setBusy(true);
    try {
      const { exists } = await checkEmailExists(address);
      if (!exists) {
        setError(AUTH_MESSAGES.noAccount);
        return;
      }
      await resetPassword({ username: address });
      onCodeSent(address);
    } catch (failure) {
      logWarning('Password reset request failed', failure);
      setError(isCallableError(failure) ? failure.message : authErrorMessage(failure, 'resetPassword'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <Button type="submit" block loading={busy}>
        Send reset code
      </Button>
    </form>
  );
}
