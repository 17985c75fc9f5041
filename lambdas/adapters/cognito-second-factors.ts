import { requireEnv } from '../env';
import type { SecondFactors } from '../ports/second-factors';
import { DirectoryError } from '../ports/user-directory';
import { cognitoCall, type CognitoUser } from './aws/cognito-idp';
import { call } from './cognito-user-directory';

/**
 * Reads a user's MFA settings with AdminGetUser (USER_POOL_ID; the local bridge answers for cognito-local).
 * `UserMFASettingList` names the factors Cognito will ask for at sign-in; with the pool's MFA OPTIONAL, a
 * user whose list holds SOFTWARE_TOKEN_MFA is asked for an authenticator code every time.
 */
export function cognitoSecondFactors(): SecondFactors {
  return {
    async hasTotp(userId) {
      try {
        const answer = await call(() =>
          cognitoCall<CognitoUser>('AdminGetUser', { UserPoolId: requireEnv('USER_POOL_ID'), Username: userId }),
        );
        return (answer.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
      } catch (error) {
        if (error instanceof DirectoryError && error.kind === 'user-not-found') return false;
        throw error;
      }
    },
  };
}
