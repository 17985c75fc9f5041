import { useState, type FormEvent } from 'react';
import {
  confirmSignUp,
  confirmUserAttribute,
  resendSignUpCode,
  sendUserAttributeVerificationCode,
} from 'aws-amplify/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { logWarning } from '../../../lib/logger';
import { authErrorMessage } from '../utils/auth-error-message';
import styles from './auth-form.module.css';

/**
 * Which verification this is: a new account confirming its sign-up (not signed in yet), or a signed-in user
 * whose email attribute is still unverified (spec 4 EMAILNOTVERIFIED).
 */
export type VerificationMode = 'sign-up' | 'signed-in';

const CODE_PATTERN = /^\d{6}$/;

/** spec 2 email verification step: enter the emailed code; ask for a new one with feedback. */
export function VerifyEmailForm({
  mode,
  initialEmail,
  onVerified,
}: {
  mode: VerificationMode;
  initialEmail: string;
  onVerified: () => void | Promise<void>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const address = email.trim().toLowerCase();
    const trimmed = code.trim();
    if (mode === 'sign-up' && !address) return setError('Email is required');
    if (!CODE_PATTERN.test(trimmed)) return setError('Enter the 6-digit code from the email.');
    setError(null);
    setBusy(true);
    try {
      if (mode === 'sign-up') await confirmSignUp({ username: address, confirmationCode: trimmed });
      else await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: trimmed });
      await onVerified();
    } catch (failure) {
      logWarning('Email verification failed', failure);
      setError(authErrorMessage(failure, 'confirmSignUp'));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    setNotice(null);
    const address = email.trim().toLowerCase();
    if (mode === 'sign-up' && !address) return setError('Email is required');
    setResending(true);
    try {
      if (mode === 'sign-up') await resendSignUpCode({ username: address });
      else await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      setNotice(`A new code is on its way to ${address || 'your email address'}.`);
    } catch (failure) {
      logWarning('Resending the verification code failed', failure);
      setError(authErrorMessage(failure, 'resendCode'));
    } finally {
      setResending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        readOnly={mode === 'signed-in'}
        required
      />
      <TextField
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        hint="The 6-digit code we emailed you."
        required
      />
      <Button type="submit" block loading={busy}>
        Verify email
      </Button>
      <p className={styles.secondaryAction}>
        {mode === 'sign-up' ? 'Did not get it?' : 'Need a code?'}
        <button type="button" className={styles.linkButton} onClick={() => void resend()} disabled={resending}>
          {resending ? 'Sending…' : mode === 'sign-up' ? 'Send a new code' : 'Email me a code'}
        </button>
      </p>
    </form>
  );
}
