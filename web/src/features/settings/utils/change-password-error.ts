import { ACCOUNT_MESSAGES } from '../../../../../core/messages';
import { errorName } from '../../../lib/error-name';

/** spec 5 and 8 texts of the change-password form. */
export const NO_AUTHENTICATED_USER = 'No authenticated user';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

export function changePasswordErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'NotAuthorizedException':
      return CURRENT_PASSWORD_INCORRECT;
    case 'UserUnAuthenticatedException':
      return NO_AUTHENTICATED_USER;
    case 'InvalidPasswordException':
      return 'The new password does not meet the requirements.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return ACCOUNT_MESSAGES.tooManyAttempts;
    default:
      return 'Your password could not be changed. Please try again.';
  }
}
