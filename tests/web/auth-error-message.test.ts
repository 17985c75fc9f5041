import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage } from '../../web/src/features/auth/utils/auth-error-message';
import { changePasswordErrorMessage } from '../../web/src/features/settings/utils/change-password-error';

const cognito = (name: string) => Object.assign(new Error(name), { name });

describe('auth messages (spec 5, spec 8 error catalog)', () => {
  it('a wrong password or an unknown email both read "Incorrect email or password" on sign-in', () => {
    expect(authErrorMessage(cognito('NotAuthorizedException'), 'signIn')).toBe('Incorrect email or password');
    expect(authErrorMessage(cognito('UserNotFoundException'), 'signIn')).toBe('Incorrect email or password');
  });

  it('a locked-out user is told to wait, not that the code or password is wrong (docs/local-stack.md "The Cognito bridge")', () => {
    const locked = Object.assign(
      new Error('Too many invalid credentials attempts. User temporarily locked. Please try again after few seconds.'),
      { name: 'NotAuthorizedException' },
    );
    expect(authErrorMessage(locked, 'totpCode')).toBe(AUTH_MESSAGES.lockedOut);
    const exceeded = Object.assign(new Error('Password attempts exceeded'), { name: 'NotAuthorizedException' });
    expect(authErrorMessage(exceeded, 'signIn')).toBe(AUTH_MESSAGES.lockedOut);
    expect(authErrorMessage(cognito('NotAuthorizedException'), 'totpCode')).toBe(AUTH_MESSAGES.totpSessionExpired);
  });

  it('on sign-in an InvalidPasswordException (the Cognito emulator) is also "Incorrect email or password"', () => {
    expect(authErrorMessage(cognito('InvalidPasswordException'), 'signIn')).toBe('Incorrect email or password');
    expect(authErrorMessage(cognito('InvalidPasswordException'), 'confirmResetPassword')).toBe(
      AUTH_MESSAGES.invalidPassword,
    );
  });

  it('a password reset for an unknown user reads "No account found with this email address"', () => {
    expect(authErrorMessage(cognito('UserNotFoundException'), 'resetPassword')).toBe(
      'No account found with this email address',
    );
  });

  it('a wrong current password on change reads "Current password is incorrect"', () => {
    expect(changePasswordErrorMessage(cognito('NotAuthorizedException'))).toBe('Current password is incorrect');
  });

  it('changing a password with no signed-in user reads "No authenticated user"', () => {
    expect(changePasswordErrorMessage(cognito('UserUnAuthenticatedException'))).toBe('No authenticated user');
  });

  it('throttling and bad codes have their own texts', () => {
    expect(authErrorMessage(cognito('LimitExceededException'), 'signIn')).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(authErrorMessage(cognito('CodeMismatchException'), 'confirmSignUp')).toBe(AUTH_MESSAGES.codeMismatch);
  });
});
