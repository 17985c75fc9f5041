import { CognitoError } from '../cognito-error';

const CHECKS_CURRENT_PASSWORD = new Set(['InitiateAuth', 'AdminInitiateAuth', 'ChangePassword']);

/**
 * cognito-local answers a wrong current password with InvalidPasswordException; Cognito answers
 * NotAuthorizedException, which is what the sign-in and settings pages map to their messages. (The new
 * password of ChangePassword was already checked by the policy rule, so the only password left is the old one.)
 */
export function wrongPasswordAsCognitoDoes(operation: string, errorType: string | null): CognitoError | null {
  if (!CHECKS_CURRENT_PASSWORD.has(operation)) return null;
  if (!errorType?.startsWith('InvalidPasswordException')) return null;
  return new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
}
