import { passwordPolicyMessage } from '../../../core/password-policy';
import { CognitoError } from '../cognito-error';

/** Where each operation carries a new password; cognito-local accepts any password, real Cognito does not. */
const PASSWORD_FIELD: Record<string, string> = {
  SignUp: 'Password',
  ChangePassword: 'ProposedPassword',
  ConfirmForgotPassword: 'Password',
  AdminSetUserPassword: 'Password',
  AdminCreateUser: 'TemporaryPassword',
  RespondToAuthChallenge: 'ChallengeResponses.NEW_PASSWORD',
};

export function newPasswordIn(operation: string, body: Record<string, unknown>): string | undefined {
  const field = PASSWORD_FIELD[operation];
  if (!field) return undefined;
  const value = field
    .split('.')
    .reduce<unknown>((obj, key) => (obj as Record<string, unknown> | undefined)?.[key], body);
  return typeof value === 'string' ? value : undefined;
}

/** Refuses a new password that breaks the pool's policy, as Cognito does, with InvalidPasswordException. */
export function enforcePasswordPolicy(operation: string, body: Record<string, unknown>): void {
  const password = newPasswordIn(operation, body);
  if (password === undefined) return;
  const problem = passwordPolicyMessage(password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${problem}`);
}
