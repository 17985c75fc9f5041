import { useState, type FormEvent } from 'react';
import { confirmResetPassword } from 'aws-amplify/auth';
import { passwordPolicyMessage } from '../../../../../core/password-policy';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { logWarning } from '../../../lib/logger';
import { authErrorMessage } from '../utils/auth-error-message';
import { PasswordField } from './password-field';
import { PasswordHints } from './password-hints';
import styles from './auth-form.module.css';

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) return setError('Email is required');
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from the email.');
    const problem = passwordPolicyMessage(password);
    if (problem) return setError(problem);
    if (password !== confirm) return setError('The two passwords do not match.');
    setError(null);
    setBusy(true);
    try {
      await confirmResetPassword({ username: address, confirmationCode: code.trim(), newPassword: password });
      onReset(address);
    } catch (failure) {
      logWarning('Password reset failed', failure);
      setError(authErrorMessage(failure, 'confirmResetPassword'));
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
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <TextField
        label="Reset code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        required
      />
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={<PasswordHints password={password} />}
        required
      />
      <PasswordField
        label="Confirm new password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        required
      />
      <Button type="submit" block loading={busy}>
        Reset password
      </Button>
    </form>
  );
}
