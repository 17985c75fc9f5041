import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { confirmSignIn, signIn, type SignInOutput } from 'aws-amplify/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { signInOptions } from '../../../lib/amplify';
import { logWarning } from '../../../lib/logger';
import { runtimeConfig } from '../../../lib/runtime-config';
import { errorName } from '../../../lib/error-name';
import { authErrorMessage } from '../utils/auth-error-message';
import { PasswordField } from './password-field';
import { PasswordHints } from './password-hints';
import { passwordPolicyMessage } from '../../../../../core/password-policy';
import styles from './auth-form.module.css';

export type SignInOutcome =
  | { kind: 'signed-in' }
  | { kind: 'already-signed-in' }
  | { kind: 'confirm-email'; email: string }
  | { kind: 'reset-password'; email: string };

/**
 * Email and password sign-in with Amplify (the stage's auth flow, USER_PASSWORD_AUTH locally). Users an
 * admin created with a temporary password choose their own here before they continue.
 */
export function LoginForm({
  initialEmail = '',
  onOutcome,
}: {
  initialEmail?: string;
  onOutcome: (outcome: SignInOutcome) => void | Promise<void>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [needsNewPassword, setNeedsNewPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function follow(result: SignInOutput, address: string) {
    switch (result.nextStep.signInStep) {
      case 'DONE':
        return onOutcome({ kind: 'signed-in' });
      case 'CONFIRM_SIGN_UP':
        return onOutcome({ kind: 'confirm-email', email: address });
      case 'RESET_PASSWORD':
        return onOutcome({ kind: 'reset-password', email: address });
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        setNeedsNewPassword(true);
        setBusy(false);
        return;
      default:
        logWarning('Unsupported sign-in step', undefined, { step: result.nextStep.signInStep });
        setError('This account needs a sign-in step the portal does not support. Please contact the lab.');
        setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address || !password) {
      setError('Enter your email and password.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (needsNewPassword) {
        const problem = passwordPolicyMessage(newPassword);
        if (problem) {
          setError(problem);
          setBusy(false);
          return;
        }
        await follow(await confirmSignIn({ challengeResponse: newPassword }), address);
        return;
      }
      const result = await signIn({ username: address, password, options: signInOptions(runtimeConfig()) });
      await follow(result, address);
    } catch (failure) {
      const name = errorName(failure);
      if (name === 'UserAlreadyAuthenticatedException') return onOutcome({ kind: 'already-signed-in' });
      if (name === 'UserNotConfirmedException') return onOutcome({ kind: 'confirm-email', email: address });
      if (name === 'PasswordResetRequiredException') return onOutcome({ kind: 'reset-password', email: address });
      logWarning('Sign-in failed', failure);
      setError(authErrorMessage(failure, needsNewPassword ? 'newPassword' : 'signIn'));
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-describedby={error ? 'login-error' : undefined}
    >
      {error ? (
        <div id="login-error">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        readOnly={needsNewPassword}
        required
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        readOnly={needsNewPassword}
        required
      />
      {needsNewPassword ? (
        <>
          <Alert tone="info">
            Your account was created with a temporary password. Choose your own password to continue.
          </Alert>
          <PasswordField
            label="New password"
            name="new-password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            hint={<PasswordHints password={newPassword} />}
            required
          />
        </>
      ) : (
        <div className={styles.inlineLink}>
          <Link to={`/auth/forgot-password${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`}>
            Forgot password?
          </Link>
        </div>
      )}
      <Button type="submit" block loading={busy}>
        {needsNewPassword ? 'Set password and sign in' : 'Sign in'}
      </Button>
    </form>
  );
}
