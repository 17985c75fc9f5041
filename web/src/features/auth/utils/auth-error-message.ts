/**
 * Turns Amplify Auth (Cognito) errors into the texts the auth pages show. Sign-in never says whether the
 * email exists (docs/decisions/0004-password-reset-for-an-unknown-email.md: user-existence errors stay prevented).
 */
import { ACCOUNT_MESSAGES } from '../../../../../core/messages';
import { errorName } from '../../../lib/error-name';

export type AuthAction =
  'signIn' | 'confirmSignUp' | 'resendCode' | 'resetPassword' | 'confirmResetPassword' | 'newPassword' | 'totpCode';

export const AUTH_MESSAGES = {
  incorrectCredentials: 'Incorrect email or password',
  noAccount: 'No account found with this email address', // spec 8
  noAuthenticatedUser: 'No authenticated user', // spec 5
  codeMismatch: 'That code is not correct. Check the most recent email and try again.',
  codeExpired: 'That code has expired. Ask for a new one.',
  // Two-step verification with an authenticator app.
  totpCodeMismatch: 'That code is not correct. Enter the code your authenticator app shows now.',
  totpSessionExpired: 'Your sign-in timed out. Please sign in again.',
  totpUnavailable: 'Two-step verification could not be checked. Please sign in again.',
  totpSetUpSignInAgain: 'Your authenticator app is set up. Please sign in again with its code.',
  /** Cognito's lockout after repeated wrong codes or passwords (docs/local-stack.md "The Cognito bridge"). */
  lockedOut: 'Too many wrong attempts. Wait a few seconds, then try again.',
  tooManyAttempts: ACCOUNT_MESSAGES.tooManyAttempts,
  invalidPassword: 'The password does not meet the requirements.',
  notConfirmed: 'Your email address is not verified yet.',
  offline: 'The sign-in service could not be reached. Check your connection and try again.',
  unknown: 'Something went wrong. Please try again.',
} as const;

export function authErrorMessage(error: unknown, action: AuthAction): string {
  const name = errorName(error);
  switch (name) {
    case 'NotAuthorizedException':
      if (isLockout(error)) return AUTH_MESSAGES.lockedOut;
      if (action === 'signIn') return AUTH_MESSAGES.incorrectCredentials;
      // The challenge's session ended (three minutes, or too many wrong codes): the password comes first again.
      if (action === 'totpCode') return AUTH_MESSAGES.totpSessionExpired;
      return AUTH_MESSAGES.unknown;
    case 'UserNotFoundException':
      return action === 'resetPassword' ? AUTH_MESSAGES.noAccount : AUTH_MESSAGES.incorrectCredentials;
    case 'CodeMismatchException':
      return action === 'totpCode' ? AUTH_MESSAGES.totpCodeMismatch : AUTH_MESSAGES.codeMismatch;
    // Cognito's answer to a wrong first code while setting up an authenticator (VerifySoftwareToken).
    case 'EnableSoftwareTokenMFAException':
      return AUTH_MESSAGES.totpCodeMismatch;
    case 'ExpiredCodeException':
      return AUTH_MESSAGES.codeExpired;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return AUTH_MESSAGES.tooManyAttempts;
    case 'InvalidPasswordException':
      // Sign-in sets no password: the Cognito emulator answers a wrong password this way, real Cognito with
      // NotAuthorizedException. Either way the user learns only that the pair is wrong.
      return action === 'signIn' ? AUTH_MESSAGES.incorrectCredentials : AUTH_MESSAGES.invalidPassword;
    case 'UserNotConfirmedException':
      return AUTH_MESSAGES.notConfirmed;
    case 'UserUnAuthenticatedException':
      return AUTH_MESSAGES.noAuthenticatedUser;
    case 'NetworkError':
      return AUTH_MESSAGES.offline;
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return ACCOUNT_MESSAGES.enterEmailAndPassword;
    default:
      return error instanceof TypeError ? AUTH_MESSAGES.offline : AUTH_MESSAGES.unknown;
  }
}

/** Cognito's lockout answers: "Password attempts exceeded", "... User temporarily locked ...". */
function isLockout(error: unknown): boolean {
  return error instanceof Error && /attempts exceeded|temporarily locked/i.test(error.message);
}
