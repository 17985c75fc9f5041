import { CognitoError } from '../cognito-error';

/**
 * The pool allows admin-created users only (AllowAdminCreateUserOnly, infra/constructs/auth.ts;
 * docs/decisions/0086-no-account-enumeration.md):
 * Cognito answers SignUp with this refusal whatever the email, so the pool's API says nothing about who has an
 * account. cognito-local has no such setting; the bridge refuses it as Cognito does. New accounts come from
 * the portal's `signUp` route.
 */
export function refuseSelfSignUp(operation: string): void {
  if (operation === 'SignUp') {
    throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
  }
}
