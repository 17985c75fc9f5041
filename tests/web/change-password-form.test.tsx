import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser, updatePassword } from 'aws-amplify/auth';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordPolicyMessage } from '../../core/password-policy';
import { ChangePasswordForm } from '../../web/src/features/settings/components/change-password-form';
import { TOAST_CONTAINER_PROPS } from '../../web/src/lib/notify';

vi.mock('aws-amplify/auth', () => ({ getCurrentUser: vi.fn(), updatePassword: vi.fn() }));

/** spec 5 "Changing a password", spec 8 "Current password is incorrect", through Amplify (faked). */
const CURRENT = 'Old-secret-1';
const NEXT = 'New-secret-22';

const named = (name: string) => Object.assign(new Error(name), { name });

function renderForm() {
  render(
    <>
      <ChangePasswordForm />
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

// Amplify loads on first use (web/src/lib/amplify-auth.ts): loaded here once, so no test waits for the download.
beforeAll(() => import('../../web/src/lib/amplify'));

beforeEach(() => {
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: 'u-1', username: 'ann' } as never);
  vi.mocked(updatePassword).mockResolvedValue(undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('change password (spec 5, spec 8)', () => {
  it('re-authenticates with the current password: it is sent as the old password with the new one', async () => {
    const user = renderForm();
    await fill(user, CURRENT, NEXT);
    expect(getCurrentUser).toHaveBeenCalled();
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: CURRENT, newPassword: NEXT });
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('a wrong current password says "Current password is incorrect"', async () => {
    vi.mocked(updatePassword).mockRejectedValue(named('NotAuthorizedException'));
    const user = renderForm();
    await fill(user, 'Wrong-secret-1', NEXT);
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });

  it('without a signed-in user it says "No authenticated user" and changes nothing', async () => {
    vi.mocked(getCurrentUser).mockRejectedValue(named('UserUnAuthenticatedException'));
    const user = renderForm();
    await fill(user, CURRENT, NEXT);
    expect(await screen.findByRole('alert')).toHaveTextContent('No authenticated user');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('asks for the current password before anything is sent', async () => {
    const user = renderForm();
    await fill(user, '', NEXT);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your current password.');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('a new password that breaks the policy says which rule, before anything is sent', async () => {
    const user = renderForm();
    await fill(user, CURRENT, 'short');
    expect(screen.getByRole('alert')).toHaveTextContent(passwordPolicyMessage('short') ?? '');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('the confirmation must match, and the new password must differ from the current one', async () => {
    const user = renderForm();
    await fill(user, CURRENT, NEXT, `${NEXT}x`);
    expect(screen.getByRole('alert')).toHaveTextContent('The two new passwords do not match.');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, '', CURRENT);
    expect(screen.getByRole('alert')).toHaveTextContent('The new password must differ from the current one.');
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('too many attempts are named as such', async () => {
    vi.mocked(updatePassword).mockRejectedValue(named('LimitExceededException'));
    const user = renderForm();
    await fill(user, CURRENT, NEXT);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
