import { GROUPS, type Group } from '../../core/constants';
import { requireEnv } from '../env';
import type { AdminDirectory, DirectoryPage, DirectoryUser } from '../ports/admin-directory';
import { DirectoryError } from '../ports/user-directory';
import { cognitoCall, type CognitoUser } from './aws/cognito-idp';
import { call } from './cognito-user-directory';

/**
 * The user pool's admin API (USER_POOL_ID). The endpoint comes from
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (the local bridge), else the regional one.
 */
const pool = () => requireEnv('USER_POOL_ID');

/** Cognito answers at most 60 users a page. */
const MAX_PAGE = 60;

/** A page of users: ListUsers names its token PaginationToken, ListUsersInGroup NextToken. */
interface UsersPage {
  Users?: CognitoUser[];
  NextToken?: string;
  PaginationToken?: string;
}

function toDirectoryUser(user: CognitoUser): DirectoryUser {
  const attributes = user.Attributes ?? user.UserAttributes ?? [];
  const attr = (name: string) => attributes.find((a) => a.Name === name)?.Value;
  const userId = attr('sub') ?? user.Username ?? '';
  return {
    userId,
    email: attr('email') ?? '',
    firstName: attr('given_name') ?? '',
    lastName: attr('family_name') ?? '',
    enabled: user.Enabled !== false,
    emailVerified: attr('email_verified') === 'true',
    status: user.UserStatus ?? 'UNKNOWN',
    createdAt: user.UserCreateDate === undefined ? null : new Date(user.UserCreateDate * 1000).toISOString(),
  };
}

/** Quotes and backslashes cannot be part of a prefix search (the filter's own syntax). */
const filterValue = (value: string) => value.replace(/["\\]/g, '');

export function cognitoAdminDirectory(): AdminDirectory {
  // Made only where the route names Cognito actions: the pool must be in the function's environment.
  pool();
  return {
    async createUser({ email, password, firstName, lastName }) {
      const answer = await call(() =>
        cognitoCall<{ User?: CognitoUser }>('AdminCreateUser', {
          UserPoolId: pool(),
          Username: email,
          // The portal sends its own invitation (the `user-invited` email template).
          MessageAction: 'SUPPRESS',
          TemporaryPassword: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'false' },
            ...(firstName ? [{ Name: 'given_name', Value: firstName }] : []),
            ...(lastName ? [{ Name: 'family_name', Value: lastName }] : []),
          ],
        }),
      );
      const userId = answer.User ? toDirectoryUser(answer.User).userId : '';
      if (!userId) throw new DirectoryError('other', 'AdminCreateUser answered without a user id');
      return { userId };
    },
    async setPassword(userId, password) {
      await call(() =>
        cognitoCall('AdminSetUserPassword', {
          UserPoolId: pool(),
          Username: userId,
          Password: password,
          Permanent: true,
        }),
      );
    },
    async getUser(userId) {
      try {
        const answer = await call(() =>
          cognitoCall<CognitoUser>('AdminGetUser', { UserPoolId: pool(), Username: userId }),
        );
        return toDirectoryUser(answer);
      } catch (error) {
        if (error instanceof DirectoryError && error.kind === 'user-not-found') return null;
        throw error;
      }
    },
    async groupsOf(userId) {
      const groups: Group[] = [];
      let token: string | undefined;
      do {
        const answer = await call(() =>
          cognitoCall<{ Groups?: { GroupName?: string }[]; NextToken?: string }>('AdminListGroupsForUser', {
            UserPoolId: pool(),
            Username: userId,
            NextToken: token,
          }),
        );
        for (const g of answer.Groups ?? []) {
          if ((GROUPS as readonly string[]).includes(g.GroupName ?? '')) groups.push(g.GroupName as Group);
        }
        token = answer.NextToken;
      } while (token);
      return groups;
    },
    async addToGroup(userId, group) {
      await call(() => cognitoCall('AdminAddUserToGroup', { UserPoolId: pool(), Username: userId, GroupName: group }));
    },
    async removeFromGroup(userId, group) {
      await call(() =>
        cognitoCall('AdminRemoveUserFromGroup', { UserPoolId: pool(), Username: userId, GroupName: group }),
      );
    },
    async deleteUser(userId) {
      await call(() => cognitoCall('AdminDeleteUser', { UserPoolId: pool(), Username: userId }));
    },
    async setEnabled(userId, enabled) {
      const operation = enabled ? 'AdminEnableUser' : 'AdminDisableUser';
      await call(() => cognitoCall(operation, { UserPoolId: pool(), Username: userId }));
    },
    async markEmailVerified(userId, email) {
      await call(() =>
        cognitoCall('AdminUpdateUserAttributes', {
          UserPoolId: pool(),
          Username: userId,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },
    async signOutEverywhere(userId) {
      await call(() => cognitoCall('AdminUserGlobalSignOut', { UserPoolId: pool(), Username: userId }));
    },
    async listGroupMembers(group, { limit, token }): Promise<DirectoryPage> {
      const answer = await call(() =>
        cognitoCall<UsersPage>('ListUsersInGroup', {
          UserPoolId: pool(),
          GroupName: group,
          Limit: Math.min(limit, MAX_PAGE),
          NextToken: token,
        }),
      );
      return { users: (answer.Users ?? []).map(toDirectoryUser), nextToken: answer.NextToken ?? null };
    },
    async searchUsers(field, prefix, { limit, token }): Promise<DirectoryPage> {
      const answer = await call(() =>
        cognitoCall<UsersPage>('ListUsers', {
          UserPoolId: pool(),
          Filter: `${field} ^= "${filterValue(prefix)}"`,
          Limit: Math.min(limit, MAX_PAGE),
          PaginationToken: token,
        }),
      );
      return { users: (answer.Users ?? []).map(toDirectoryUser), nextToken: answer.PaginationToken ?? null };
    },
  };
}
