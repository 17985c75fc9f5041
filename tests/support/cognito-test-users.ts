/**
 * Throw-away users in the Cognito emulator for integration tests: created with the admin API (confirmed,
 * permanent password, chosen groups), signed in with USER_PASSWORD_AUTH for a real ID token.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Group } from '../../core/constants';

let client: CognitoIdentityProviderClient | undefined;
/** Created on first use, after the test has applied the emulator's environment. */
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));
const poolId = () => process.env['USER_POOL_ID'] ?? '';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

export const TEST_PASSWORD = 'Lens!Test2025';

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@lab.test`;

export async function createTestUser(groups: Group[], email = uniqueEmail('user')): Promise<TestUser> {
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: poolId(),
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: TEST_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const userId = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId(),
      Username: userId,
      Password: TEST_PASSWORD,
      Permanent: true,
    }),
  );
  for (const group of groups) {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: poolId(), Username: userId, GroupName: group }));
  }
  return { userId, email, password: TEST_PASSWORD };
}

/** A fresh ID token for the user. */
export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const answer = await cognito().send(
    new InitiateAuthCommand({
      ClientId: process.env['USER_POOL_CLIENT_ID'],
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  const token = answer.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`No ID token for ${user.email}`);
  return token;
}

/** The id of the account with this email, or null. */
export async function findUserByEmail(email: string): Promise<string | null> {
  const answer = await cognito().send(
    new ListUsersCommand({ UserPoolId: poolId(), Filter: `email = "${email}"`, Limit: 1 }),
  );
  return answer.Users?.[0]?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? null;
}

export async function groupsOf(userId: string): Promise<string[]> {
  const answer = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: poolId(), Username: userId }));
  return (answer.Groups ?? []).map((g) => g.GroupName ?? '');
}

export async function deleteTestUser(userId: string): Promise<void> {
  await cognito()
    .send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: userId }))
    .catch(() => undefined);
}
