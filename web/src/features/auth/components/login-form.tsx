import { pagePaths } from '../../../../../core/page-paths';
import { ACCOUNT_MESSAGES } from '../../../../../core/messages';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { confirmSignIn, signIn, type SignInOutput } from '../api/sign-in';
import { Alert } from '../../../components/ui/alert';
import { useSubmission } from '../../../forms/use-submission';
import { signInOptions } from '../../../lib/amplify-auth';
import { readSessionUser, signOutLocally } from '../../../lib/auth-session';
import { logWarning } from '../../../lib/logger';
import { runtimeConfig } from '../../../lib/runtime-config';
import { errorName } from '../../../lib/error-name';
import { AUTH_MESSAGES, authErrorMessage } from '../utils/auth-error-message';
import type { TotpSetup } from '../model/totp-setup';
import { AuthForm } from './auth-form';
import { NewPasswordField, PasswordField } from './password-field';
import { TotpCodeStep } from './totp-code-step';
import { TotpSetupStep } from './totp-setup-step';
import { passwordPolicyMessage } from '../../../../../core/password-policy';
import { isStaff, TOTP_ISSUER } from '../../../../../core/rules/staff-mfa';
import styles from './auth-form.module.css';
import { EmailField } from './email-field';

export type SignInOutcome =
  | { kind: 'signed-in' }
  | { kind: 'already-signed-in' }
  | { kind: 'confirm-email'; email: string }
  | { kind: 'reset-password'; email: string };

/**
 * The second step of a sign-in: the authenticator code Cognito asks for, or setting up the authenticator
 * (Cognito's own MFA_SETUP challenge, or the portal's for lab staff who have none: `via: 'session'`).
 */
type TotpStep =
  { kind: 'code'; justSetUp?: boolean } | { kind: 'setup'; setup: TotpSetup; via: 'challenge' | 'session' };

/** The staff-only part (setting TOTP up) loads on demand, so practices never download it. */
const staffTotp = () => import('../api/staff-totp');

/**
 * A signed-in lab staff member without an authenticator app gets its setup first (the API
 * refuses staff without TOTP); null for everyone else.
 */
async function staffTotpSetup(address: string): Promise<TotpSetup | null> {
  const user = await readSessionUser();
  if (!user || !isStaff(user.groups)) return null;
  const totp = await staffTotp();
  return (await totp.needsTotpSetup()) ? totp.startTotpSetup(user.email || address) : null;
}

/**
 * Email and password sign-in with Amplify (the stage's auth flow, USER_PASSWORD_AUTH locally). Users an
 * admin created with a temporary password choose their own here before they continue; users with an
 * authenticator app enter its code, and lab staff without one set it up
 * (docs/decisions/0017-two-step-verification-for-lab-staff.md).
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
  const [totpStep, setTotpStep] = useState<TotpStep | null>(null);
  // Sign-in is the first page every user meets: the light path of the form mechanism (no form library).
  const { busy, formError: error, setFormError: setError, run, onSubmit } = useSubmission();

  /** Signed in: lab staff without TOTP set it up before the portal uses the session. */
  async function finish(address: string, outcome: SignInOutcome) {
    let setup: TotpSetup | null;
    try {
      setup = await staffTotpSetup(address);
    } catch (failure) {
      logWarning('Two-step verification check failed', failure);
      await signOutLocally().catch(() => undefined);
      backToPassword(AUTH_MESSAGES.totpUnavailable);
      return;
    }
    if (!setup) return onOutcome(outcome);
    setTotpStep({ kind: 'setup', setup, via: 'session' });
  }

  /** Back to the email and password form (a timed-out or cancelled second step). */
  function backToPassword(message: string | null) {
    setTotpStep(null);
    setNeedsNewPassword(false);
    setPassword('');
    setError(message);
  }

  async function follow(result: SignInOutput, address: string) {
    switch (result.nextStep.signInStep) {
      case 'DONE':
        return finish(address, { kind: 'signed-in' });
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        setNeedsNewPassword(false);
        setTotpStep({ kind: 'code' });
        return;
      case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
        const details = result.nextStep.totpSetupDetails;
        const setup = { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, address).toString() };
        setNeedsNewPassword(false);
        setTotpStep({ kind: 'setup', setup, via: 'challenge' });
        return;
      }
      case 'CONFIRM_SIGN_UP':
        return onOutcome({ kind: 'confirm-email', email: address });
      case 'RESET_PASSWORD':
        return onOutcome({ kind: 'reset-password', email: address });
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        setNeedsNewPassword(true);
        return;
      default:
        logWarning('Unsupported sign-in step', undefined, { step: result.nextStep.signInStep });
        setError('This account needs a sign-in step the portal does not support. Please contact the lab.');
    }
  }

  async function submit() {
    const address = email.trim().toLowerCase();
    if (!address || !password) {
      setError(ACCOUNT_MESSAGES.enterEmailAndPassword);
      return;
    }
    try {
      if (needsNewPassword) {
        const problem = passwordPolicyMessage(newPassword);
        if (problem) {
          setError(problem);
          return;
        }
        await follow(await confirmSignIn({ challengeResponse: newPassword }), address);
        return;
      }
      const result = await signIn({ username: address, password, options: signInOptions(runtimeConfig()) });
      await follow(result, address);
    } catch (failure) {
      const name = errorName(failure);
      if (name === 'UserAlreadyAuthenticatedException') return finish(address, { kind: 'already-signed-in' });
      if (name === 'UserNotConfirmedException') return onOutcome({ kind: 'confirm-email', email: address });
      if (name === 'PasswordResetRequiredException') return onOutcome({ kind: 'reset-password', email: address });
      logWarning('Sign-in failed', failure);
      setError(authErrorMessage(failure, needsNewPassword ? 'newPassword' : 'signIn'));
    }
  }

  /** The authenticator code: answers Cognito's challenge, or finishes the portal's own setup for staff. */
  const submitCode = (code: string) => run(() => sendCode(code));

  async function sendCode(code: string) {
    const address = email.trim().toLowerCase();
    try {
      if (totpStep?.kind === 'setup' && totpStep.via === 'session') {
        await (await staffTotp()).finishTotpSetup(code);
        return await signInAgainAfterSetup(address);
      }
      await follow(await confirmSignIn({ challengeResponse: code }), address);
    } catch (failure) {
      logWarning('Two-step verification failed', failure);
      const message = authErrorMessage(failure, 'totpCode');
      if (message === AUTH_MESSAGES.totpSessionExpired) {
        if (totpStep?.kind === 'setup' && totpStep.via === 'session') await signOutLocally().catch(() => undefined);
        return backToPassword(message);
      }
      setError(message);
    }
  }

  /**
   * A new authenticator ends every session of the user, this one (signed in with the password alone) included:
   * the server records the set-up and refuses every token signed in before now
   * (docs/decisions/0018-two-step-verification-per-session.md, docs/decisions/0101-staff-second-factor-recorded.md).
   * The portal is then entered with a fresh sign-in that passes the new authenticator's next code.
   */
  async function signInAgainAfterSetup(address: string) {
    try {
      const { signOutOnServer } = await import('../api/sign-out');
      await signOutOnServer({ everywhere: true, secondFactorChanged: true });
    } catch (failure) {
      logWarning('Ending the sessions from before the authenticator failed', failure);
      await signOutLocally().catch(() => undefined);
      return backToPassword(AUTH_MESSAGES.totpSetUpSignInAgain);
    }
    await signOutLocally().catch((failure) => logWarning('Local sign-out failed', failure));
    const result = await signIn({ username: address, password, options: signInOptions(runtimeConfig()) });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
      setError(null);
      setTotpStep({ kind: 'code', justSetUp: true });
      return;
    }
    return follow(result, address);
  }

  async function cancelTotp() {
    // A staff member setting TOTP up is already signed in: that session must not outlive the page.
    if (totpStep?.kind === 'setup' && totpStep.via === 'session') await signOutLocally().catch(() => undefined);
    backToPassword(null);
  }

  if (totpStep?.kind === 'code') {
    return (
      <TotpCodeStep
        email={email.trim()}
        justSetUp={totpStep.justSetUp ?? false}
        busy={busy}
        error={error}
        onSubmit={submitCode}
        onCancel={() => void cancelTotp()}
      />
    );
  }
  if (totpStep?.kind === 'setup') {
    return (
      <TotpSetupStep
        setup={totpStep.setup}
        busy={busy}
        error={error}
        onSubmit={submitCode}
        onCancel={() => void cancelTotp()}
      />
    );
  }

  return (
    <AuthForm
      onSubmit={onSubmit(submit)}
      busy={busy}
      error={error}
      errorId="login-error"
      submitLabel={needsNewPassword ? 'Set password and sign in' : 'Sign in'}
    >
      <EmailField value={email} onChange={setEmail} autoComplete="username" readOnly={needsNewPassword} />
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
          <NewPasswordField name="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        </>
      ) : (
        <div className={styles.inlineLink}>
          <Link to={pagePaths.forgotPassword(email.trim() || undefined)}>Forgot password?</Link>
        </div>
      )}
    </AuthForm>
  );
}
