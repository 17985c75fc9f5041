import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { LoginForm } from '../../web/src/features/auth/components/login-form';
import { callRoute } from '../../web/src/lib/api-client';
import { AUTH_MESSAGES } from '../../web/src/features/auth/utils/auth-error-message';
import { setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { TEST_CONFIG } from './support/fake-session';

/**
 * Two-step verification in the browser: lab staff enter an authenticator code at sign-in, and set one up first if
 * they have none (the API refuses staff without it). Amplify is faked; the form is the real one.
 */
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
}));
vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as never;
const failure = (name: string) => Object.assign(new Error(name), { name });

function signedInAs(groups: string[], email = 'desk@lenslab.test') {
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { idToken: { payload: { sub: 'u-1', email, 'cognito:groups': groups, email_verified: true } } },
  } as never);
}

function setupDetails() {
  return {
    sharedSecret: SECRET,
    getSetupUri: (app: string, account?: string) =>
      new URL(`otpauth://totp/${app}:${account}?secret=${SECRET}&issuer=${app}`),
  };
}

function renderForm() {
  const onOutcome = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <LoginForm onOutcome={onOutcome} />
    </MemoryRouter>,
  );
  return { onOutcome, user };
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>, email = 'desk@lenslab.test') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Lenslab!Admin1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  setRuntimeConfig(TEST_CONFIG);
  vi.mocked(signOut).mockResolvedValue(undefined);
});

describe('sign-in with an authenticator code (Cognito SOFTWARE_TOKEN_MFA)', () => {
  it('a practice signs in with the password alone, and no MFA setting is even read', async () => {
    vi.mocked(signIn).mockResolvedValue(done);
    signedInAs(['customer'], 'fitter@brightview.test');
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user, 'fitter@brightview.test');
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-in' }));
    expect(fetchMFAPreference).not.toHaveBeenCalled();
  });

  it('asks staff for the code in a labelled, focused field, checks its format, and signs in with the right one', async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    } as never);
    signedInAs(['admin']);
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await user.type(field, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(confirmSignIn).not.toHaveBeenCalled();

    vi.mocked(confirmSignIn).mockRejectedValueOnce(failure('CodeMismatchException'));
    await user.clear(field);
    await user.type(field, '000 000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.totpCodeMismatch);
    expect(confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '000000' });

    vi.mocked(confirmSignIn).mockResolvedValueOnce(done);
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-in' }));
    expect(setUpTOTP).not.toHaveBeenCalled();
  });

  it('a timed-out challenge goes back to the password with a clear message', async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    } as never);
    vi.mocked(confirmSignIn).mockRejectedValue(failure('NotAuthorizedException'));
    const { user } = renderForm();
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.totpSessionExpired);
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('desk@lenslab.test');
  });
});

describe('lab staff without an authenticator set one up before the portal uses the session', () => {
  beforeEach(() => {
    vi.mocked(signIn).mockResolvedValue(done);
    signedInAs(['admin', 'superadmin'], 'boss@lenslab.test');
    vi.mocked(fetchMFAPreference).mockResolvedValue({});
    vi.mocked(setUpTOTP).mockResolvedValue(setupDetails());
  });

  it('shows the setup key as text, the otpauth link and a QR code, then turns TOTP on with the first code', async () => {
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user, 'boss@lenslab.test');

    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    expect(onOutcome).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Setup key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByLabelText('Setup key')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy setup key' })).toBeVisible();
    const link = screen.getByRole('link', { name: 'Open the setup link in your authenticator app' });
    expect(link.getAttribute('href')).toMatch(
      /^otpauth:\/\/totp\/Lenslab(%20| )Portal:boss@lenslab\.test\?secret=JBSW/,
    );
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();

    vi.mocked(verifyTOTPSetup).mockRejectedValueOnce(failure('EnableSoftwareTokenMFAException'));
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.totpCodeMismatch);
    expect(updateMFAPreference).not.toHaveBeenCalled();

    vi.mocked(verifyTOTPSetup).mockResolvedValueOnce(undefined);
    vi.mocked(callRoute).mockResolvedValue({ signedOut: true, scope: 'everywhere' } as never);
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    } as never);
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '222222' });
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });

    // The new authenticator ends every session of the user, this password-only one included, and the server records
    // the set-up (docs/decisions/0018-two-step-verification-per-session.md, docs/decisions/0101-staff-second-factor-recorded.md);
    // the sign-in starts again and needs the app's next code.
    expect(await screen.findByText(/Your authenticator app is set up\. To finish signing in/)).toBeVisible();
    expect(callRoute).toHaveBeenCalledWith('signOut', { everywhere: true, secondFactorChanged: true });
    expect(signOut).toHaveBeenCalled();
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(onOutcome).not.toHaveBeenCalled();
    vi.mocked(confirmSignIn).mockResolvedValue(done);
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
    await user.type(screen.getByLabelText('Authentication code'), '333333');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-in' }));
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '333333' });
  });

  it('when the sessions from before the authenticator cannot be ended, nothing goes on: sign in again', async () => {
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user, 'boss@lenslab.test');
    vi.mocked(verifyTOTPSetup).mockResolvedValueOnce(undefined);
    vi.mocked(callRoute).mockRejectedValue(new Error('unavailable'));
    await user.type(await screen.findByLabelText('Authentication code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.totpSetUpSignInAgain);
    expect(signOut).toHaveBeenCalled();
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it('canceling the setup signs the half-finished session out and returns to the sign-in form', async () => {
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user, 'boss@lenslab.test');
    await user.click(await screen.findByRole('button', { name: 'Cancel and sign out' }));
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it('when the MFA setting cannot be read, the session is dropped with a message (never used without TOTP)', async () => {
    vi.mocked(fetchMFAPreference).mockRejectedValue(new TypeError('Failed to fetch'));
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user, 'boss@lenslab.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.totpUnavailable);
    expect(signOut).toHaveBeenCalled();
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it("answers Cognito's own setup challenge (CONTINUE_SIGN_IN_WITH_TOTP_SETUP) with confirmSignIn", async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: setupDetails() },
    } as never);
    vi.mocked(confirmSignIn).mockResolvedValue(done);
    vi.mocked(fetchMFAPreference).mockResolvedValue({ enabled: ['TOTP'] });
    const { onOutcome, user } = renderForm();
    await signInWithPassword(user, 'boss@lenslab.test');
    expect(await screen.findByLabelText('Setup key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '333333');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-in' }));
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '333333' });
    expect(verifyTOTPSetup).not.toHaveBeenCalled();
  });
});
