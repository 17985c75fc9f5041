import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmSignIn, fetchAuthSession, signIn } from 'aws-amplify/auth';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordPolicyMessage } from '../../core/password-policy';
import { LoginForm } from '../../web/src/features/auth/components/login-form';
import { setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { TEST_CONFIG } from './support/fake-session';

/** The sign-in form's field rules (spec 5 "not shown", as decided in docs/decisions/0063-field-rules-where-the-spec-shows-none.md). Amplify is faked. */
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
}));

function renderForm() {
  const onOutcome = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm onOutcome={onOutcome} />
    </MemoryRouter>,
  );
  return { onOutcome, user: userEvent.setup() };
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password', { exact: true });
const submit = () => screen.getByRole('button', { name: 'Sign in' });

beforeEach(() => {
  vi.clearAllMocks();
  setRuntimeConfig(TEST_CONFIG);
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: { idToken: { payload: { sub: 'u-1', email: 'ann@practice.test', 'cognito:groups': ['customer'] } } },
  } as never);
});

describe('sign-in fields', () => {
  it('both email and password are required: "Enter your email and password." and nothing is sent', async () => {
    const { user } = renderForm();
    await user.type(emailField(), 'ann@practice.test');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your email and password.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('the email is trimmed and lower-cased (accounts are stored that way); the password is sent as typed', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } } as never);
    const { user, onOutcome } = renderForm();
    await user.type(emailField(), '  Ann@Practice.TEST ');
    await user.type(passwordField(), ' old pass ');
    await user.click(submit());
    // Amplify's sign-in loads on the first submit (features/auth/api/sign-in.ts).
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith(
        expect.objectContaining({ username: 'ann@practice.test', password: ' old pass ' }),
      ),
    );
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-in' }));
  });

  it('the sign-in password is not checked against the policy; a new password chosen at sign-in is', async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    } as never);
    const { user } = renderForm();
    await user.type(emailField(), 'ann@practice.test');
    await user.type(passwordField(), 'temp');
    await user.click(submit());
    expect(signIn).toHaveBeenCalled();
    await user.type(await screen.findByLabelText('New password'), 'weak');
    await user.click(screen.getByRole('button', { name: /Set password|Sign in|Continue/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(passwordPolicyMessage('weak') ?? '');
    expect(confirmSignIn).not.toHaveBeenCalled();
  });
});
