import { requireEnv } from '../env';
import { DirectoryError, type DirectoryErrorKind, type UserDirectory } from '../ports/user-directory';
import { cognitoCall, type CognitoUser } from './aws/cognito-idp';

/**
 * The Cognito user pool (USER_POOL_ID, USER_POOL_CLIENT_ID). The endpoint comes from
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (the local bridge), else the regional one.
 */

const KIND_BY_ERROR: Record<string, DirectoryErrorKind> = {
  UsernameExistsException: 'email-taken',
  AliasExistsException: 'email-taken',
  InvalidPasswordException: 'invalid-password',
  UserNotFoundException: 'user-not-found',
  InvalidParameterException: 'invalid-parameter',
};

/** Turns Cognito's errors into DirectoryError; cognito-local answers unsupported actions with `CognitoLocal#Unsupported`. */
function directoryError(error: unknown): DirectoryError {
  const name = (error as { name?: string }).name ?? '';
  const message = error instanceof Error ? error.message : String(error);
  const kind = KIND_BY_ERROR[name] ?? (/unsupported/i.test(`${name} ${message}`) ? 'unsupported' : 'other');
  return new DirectoryError(kind, message, { cause: error });
}

/** Runs one Cognito call, turning its failure into a DirectoryError (shared by the Cognito adapters). */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw directoryError(error);
  }
}

export function cognitoUserDirectory(): UserDirectory {
  // Made only where the route names Cognito actions: the pool must be in the function's environment.
  requireEnv('USER_POOL_ID');
  return {
    async signUp({ email, password, firstName, lastName }) {
      const poolId = requireEnv('USER_POOL_ID');
      // Cognito sends nothing (SUPPRESS): the portal emails its own code. email_verified stays false until then.
      const created = await call(() =>
        cognitoCall<{ User?: CognitoUser }>('AdminCreateUser', {
          UserPoolId: poolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'false' },
            { Name: 'given_name', Value: firstName },
            { Name: 'family_name', Value: lastName },
          ],
        }),
      );
      const userId = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      if (!userId) throw new DirectoryError('other', 'AdminCreateUser answered without a user id');
      try {
        // Permanent: the user chose it, so no new password is asked for at the first sign-in.
        await call(() =>
          cognitoCall('AdminSetUserPassword', {
            UserPoolId: poolId,
            Username: userId,
            Password: password,
            Permanent: true,
          }),
        );
      } catch (error) {
        await call(() => cognitoCall('AdminDeleteUser', { UserPoolId: poolId, Username: userId }));
        throw error;
      }
      return { userId };
    },
    async markEmailVerified(userId, email) {
      await call(() =>
        cognitoCall('AdminUpdateUserAttributes', {
          UserPoolId: requireEnv('USER_POOL_ID'),
          Username: userId,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },
    async addToGroup(userId, group) {
      await call(() =>
        cognitoCall('AdminAddUserToGroup', {
          UserPoolId: requireEnv('USER_POOL_ID'),
          Username: userId,
          GroupName: group,
        }),
      );
    },
    async deleteUser(userId) {
      await call(() => cognitoCall('AdminDeleteUser', { UserPoolId: requireEnv('USER_POOL_ID'), Username: userId }));
    },
    async signOutEverywhere(userId) {
      await call(() =>
        cognitoCall('AdminUserGlobalSignOut', { UserPoolId: requireEnv('USER_POOL_ID'), Username: userId }),
      );
    },
  };
}
