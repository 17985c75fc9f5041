/**
 * Throw-away users in the Cognito emulator for integration tests: created with the admin API (confirmed,
 * permanent password, chosen groups), signed in with USER_PASSWORD_AUTH for a real ID token. Lab staff get an
 * authenticator app (TOTP) set up as the sign-in page does it, since the API refuses staff without one
 *, and answer its challenge at sign-in.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Group } from '../../core/constants';
import { isStaff } from '../../core/rules/staff-mfa';
import { decodeJwt } from 'jose';
import { dynamoSecondFactorRecords } from '../../lambdas/adapters/dynamo-second-factor-records';
import { totpCode } from '../../local/cognito-bridge/totp';
import { freshTotpCodes, nextTotpStep, spendTotpCode } from './totp-codes';

let client: CognitoIdentityProviderClient | undefined;
/** Created on first use, after the test has applied the emulator's environment. */
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));
const poolId = () => process.env['USER_POOL_ID'] ?? '';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** Lab staff only: the secret of their authenticator app. */
  totpSecret?: string;
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
  const user: TestUser = { userId, email, password: TEST_PASSWORD };
  return isStaff(groups) ? { ...user, totpSecret: await setUpTotp(user) } : user;
}

/**
 * Sets up and turns on an authenticator app for the user, as the sign-in page does, and records the set-up on the
 * server as the page's sign-out after it does (docs/decisions/0101-staff-second-factor-recorded.md); returns its
 * secret. Answers once the recorded second is over, so the user's next sign-in counts as after the set-up.
 */
export async function setUpTotp(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const { AccessToken } = await signInTokens(user);
  const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken }));
  if (!SecretCode) throw new Error(`No TOTP secret for ${user.email}`);
  const code = await totpCode(SecretCode);
  spendTotpCode(SecretCode, code);
  await cognito().send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: code }));
  await cognito().send(
    new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  const changedAt = Math.floor(Date.now() / 1000);
  await dynamoSecondFactorRecords().record(String(decodeJwt(AccessToken).sub), { changedAt, totp: true });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, (changedAt + 1) * 1000 - Date.now())));
  return SecretCode;
}

/**
 * The user's tokens, through the authenticator challenge when they have TOTP on: with a code not used yet (the
 * bridge refuses a used one), trying the next one the bridge accepts when another test process spent it first.
 */
export async function signInTokens(user: Pick<TestUser, 'email' | 'password' | 'totpSecret'>) {
  const clientId = process.env['USER_POOL_CLIENT_ID'];
  const initiate = () =>
    cognito().send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
  let answer = await initiate();
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && user.totpSecret) {
    const secret = user.totpSecret;
    let codes = await freshTotpCodes(secret);
    if (codes.length === 0) {
      await nextTotpStep();
      codes = await freshTotpCodes(secret);
      answer = await initiate();
    }
    for (const [i, code] of codes.entries()) {
      if (!spendTotpCode(secret, code)) continue;
      try {
        answer = await cognito().send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: answer.Session,
            ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: code },
          }),
        );
        break;
      } catch (error) {
        if ((error as { name?: string }).name !== 'CodeMismatchException' || i === codes.length - 1) throw error;
      }
    }
  }
  const tokens = answer.AuthenticationResult;
  if (!tokens?.IdToken || !tokens.AccessToken) {
    throw new Error(`No tokens for ${user.email}${answer.ChallengeName ? ` (${answer.ChallengeName})` : ''}`);
  }
  return { IdToken: tokens.IdToken, AccessToken: tokens.AccessToken };
}

/** A fresh ID token for the user. */
export async function signIn(user: Pick<TestUser, 'email' | 'password' | 'totpSecret'>): Promise<string> {
  return (await signInTokens(user)).IdToken;
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

/** The user's status and whether the pool counts the email verified (sign-up: docs/decisions/0086-no-account-enumeration.md). */
export async function adminGetUser(userId: string): Promise<{ UserStatus?: string; emailVerified: boolean }> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: userId }));
  const verified = user.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value;
  return { UserStatus: user.UserStatus, emailVerified: verified === 'true' };
}
