import { ACCOUNT_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { confirmUserAttribute, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { Alert } from '../../../components/ui/alert';
import { useSubmission } from '../../../forms/use-submission';
import { amplifyReady } from '../../../lib/amplify-auth';
import { isCallableError } from '../../../lib/callable-error';
import { logWarning } from '../../../lib/logger';
import { confirmSignUpCode, resendSignUpCode } from '../api/sign-up';
import { authErrorMessage } from '../utils/auth-error-message';
import { AuthForm } from './auth-form';
import styles from './auth-form.module.css';
import { EmailField } from './email-field';
import { EmailedCodeField } from './emailed-code-field';

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
  /** Gets the address the code was confirmed for (the visitor may have corrected it in the form). */
  onVerified: (email: string) => void | Promise<void>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmission();
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  async function submit() {
    setNotice(null);
    const address = email.trim().toLowerCase();
    const trimmed = code.trim();
    if (mode === 'sign-up' && !address) return setError('Email is required');
    if (!CODE_PATTERN.test(trimmed)) return setError(ACCOUNT_MESSAGES.enterEmailCode);
    try {
      // A new account's code is the portal's (routes confirmSignUp, resendSignUpCode); a signed-in user's
      // changed email is verified by Cognito's attribute verification.
      if (mode === 'sign-up') await confirmSignUpCode(address, trimmed);
      else {
        await amplifyReady();
        await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: trimmed });
      }
      await onVerified(address);
    } catch (failure) {
      logWarning('Email verification failed', failure);
      setError(isCallableError(failure) ? failure.message : authErrorMessage(failure, 'confirmSignUp'));
    }
  }

  async function resend() {
    setError(null);
    setNotice(null);
    const address = email.trim().toLowerCase();
    if (mode === 'sign-up' && !address) return setError('Email is required');
    setResending(true);
    try {
      if (mode === 'sign-up') await resendSignUpCode(address);
      else {
        await amplifyReady();
        await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      }
      setNotice(`A new code is on its way to ${address || 'your email address'}.`);
    } catch (failure) {
      logWarning('Resending the verification code failed', failure);
      setError(isCallableError(failure) ? failure.message : authErrorMessage(failure, 'resendCode'));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthForm
      onSubmit={onSubmit(submit)}
      busy={busy}
      error={error}
      notice={notice ? <Alert tone="success">{notice}</Alert> : null}
      submitLabel="Verify email"
      after={
        <p className={styles.secondaryAction}>
          {mode === 'sign-up' ? 'Did not get it?' : 'Need a code?'}
          <button type="button" className={styles.linkButton} onClick={() => void resend()} disabled={resending}>
            {resending ? 'Sending…' : mode === 'sign-up' ? 'Send a new code' : 'Email me a code'}
          </button>
        </p>
      }
    >
      <EmailField value={email} onChange={setEmail} readOnly={mode === 'signed-in'} />
      <EmailedCodeField
        label="Verification code"
        value={code}
        onChange={setCode}
        hint="The 6-digit code we emailed you."
      />
    </AuthForm>
  );
}
