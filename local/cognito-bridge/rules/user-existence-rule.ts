import { resendAnswer } from './resend-code-rule';

/**
 * The pool prevents user-existence errors (PreventUserExistenceErrors, infra/constructs/auth.ts): Cognito answers
 * ForgotPassword for an unknown email as for an account, with a masked destination, and sends nothing.
 * cognito-local answers UserNotFoundException; the bridge answers as Cognito does
 * (docs/decisions/0086-no-account-enumeration.md), so the
 * forgot-password page cannot tell who has an account.
 */
export function forgotPasswordAsCognitoDoes(
  operation: string,
  errorType: string | null,
  username: string,
): Record<string, unknown> | null {
  if (operation !== 'ForgotPassword' || !errorType?.startsWith('UserNotFoundException')) return null;
  return resendAnswer(username);
}
