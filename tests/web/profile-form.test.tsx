import { CHANGED_MESSAGES } from '../../core/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../core/schemas/users/user-profile';
import { ProfileForm, type ProfileFormProps } from '../../web/src/features/profile/components/profile-form';
import { CallableError } from '../../web/src/lib/callable-error';

const PROFILE: UserProfile = {
  userId: 'u-1',
  email: 'fitter@brightview.test',
  firstName: 'Dana',
  lastName: 'Okafor',
  accountNumber: 'BV-1001',
  accountNumbers: ['BV-1002'],
  city: 'Portland',
  zip: '97205',
  termsAccepted: true,
  version: 4,
};

function renderForm(overrides: Partial<ProfileFormProps> = {}) {
  const props: ProfileFormProps = {
    profile: PROFILE,
    onSave: vi.fn(async () => undefined),
    onReload: vi.fn(async () => undefined),
    ...overrides,
  };
  render(<ProfileForm {...props} />);
  return { props, user: userEvent.setup() };
}

const conflict = () =>
  new CallableError({
    route: 'updateMyProfile',
    httpStatus: 409,
    status: 'aborted',
    message: 'Your profile changed since you opened it.',
  });

describe('profile form (spec 3 User fields, optimistic locking)', () => {
  it('saves the edited fields with the version that was read', async () => {
    const { props, user } = renderForm();
    await user.clear(screen.getByLabelText('Phone (optional)'));
    await user.type(screen.getByLabelText('Phone (optional)'), '503 555 0142');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(props.onSave).toHaveBeenCalledWith(expect.objectContaining({ version: 4, phone: '503 555 0142' }));
  });

  it('the email is shown read-only and never sent', async () => {
    const { props, user } = renderForm();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('City (optional)'), 'ia');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(vi.mocked(props.onSave).mock.calls[0]![0]).not.toHaveProperty('email');
  });

  it(`a 409 shows "${CHANGED_MESSAGES.profile}" and keeps what the user typed`, async () => {
    const onSave = vi.fn(async () => {
      throw conflict();
    });
    const { props, user } = renderForm({ onSave });
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Danielle');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(CHANGED_MESSAGES.profile)).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Danielle');

    await user.click(screen.getByRole('button', { name: 'Reload latest' }));
    expect(props.onReload).toHaveBeenCalledTimes(1);
  });

  it('a required name left empty is refused beside the field, before anything is sent', async () => {
    const { props, user } = renderForm();
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Last name')).toHaveFocus();
  });

  it("shows the server's field errors beside their fields", async () => {
    const onSave = vi.fn(async () => {
      throw new CallableError({
        route: 'updateMyProfile',
        httpStatus: 400,
        status: 'invalid-argument',
        message: 'Some fields are not valid',
        fieldErrors: { zip: ['Enter a valid ZIP code'] },
      });
    });
    const { user } = renderForm({ onSave });
    await user.type(screen.getByLabelText('Apt / suite (optional)'), 'Suite 2');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByLabelText('ZIP code (optional)')).toHaveAccessibleDescription('Enter a valid ZIP code');
  });

  it('Save is disabled until something changed', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    await user.type(screen.getByLabelText('Company (optional)'), 'Brightview');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });
});
