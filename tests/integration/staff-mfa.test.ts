import {
  AdminAddUserToGroupCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STAFF_MFA_REQUIRED_MESSAGE } from '../../core/rules/staff-mfa';
import { totpCode } from '../../local/cognito-bridge/totp';
import { createTestUser, deleteTestUser, signInTokens, type TestUser } from '../support/cognito-test-users';
import { callApi } from './helpers/call-api';
import { demoUser, signInDemoUser, signInWithPassword } from './helpers/demo-users';

/**
 * Two-step verification against the emulators: lab staff sign in with an authenticator code (the Cognito bridge
 * stands in for Cognito's TOTP), and the API refuses staff whose user has no TOTP turned on.
 */
let cognito: CognitoIdentityProviderClient;
const clientId = () => inject('env').USER_POOL_CLIENT_ID;

beforeAll(() => {
  Object.assign(process.env, inject('env'));
  cognito = new CognitoIdentityProviderClient({});
});

describe('demo lab staff sign in with their documented authenticator secret', () => {
  it('a correct password alone gives no tokens, only the SOFTWARE_TOKEN_MFA challenge', async () => {
    const admin = demoUser('admin');
    const answer = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
      }),
    );
    expect(answer.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(answer.Session).toBeTruthy();
    expect(answer.AuthenticationResult).toBeUndefined();
  });

  it('a wrong code is refused; the right one gives tokens that refresh and work on admin routes', async () => {
    const admin = demoUser('admin');
    await expect(
      signInWithPassword(admin.email, admin.password, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 1),
    ).rejects.toThrow('CodeMismatchException');
    const tokens = await signInDemoUser('admin');
    expect((await callApi('listOrders', { data: {} }, tokens.IdToken)).status).toBe(200);
    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: tokens.RefreshToken }),
    );
    expect(decodeJwt(refreshed.AuthenticationResult!.IdToken!).sub).toBe(decodeJwt(tokens.IdToken).sub);
  });

  it('practices sign in with their password alone', async () => {
    const tokens = await signInDemoUser('customer');
    expect(tokens.IdToken).toMatch(/^ey/);
  });
});

/** A practice user promoted to admin: no authenticator yet (what a new admin's first sign-in looks like). */
async function adminWithoutTotp(): Promise<TestUser> {
  const user = await createTestUser(['customer']);
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: inject('env').USER_POOL_ID,
      Username: user.userId,
      GroupName: 'admin',
    }),
  );
  return user;
}

describe('a staff member without TOTP', () => {
  let user: TestUser;
  let idToken: string;
  let accessToken: string;
  const created: string[] = [];
  beforeAll(async () => {
    user = await adminWithoutTotp();
    created.push(user.userId);
    ({ IdToken: idToken, AccessToken: accessToken } = await signInTokens(user));
  });
  afterAll(() => Promise.all(created.map(deleteTestUser)));

  it('signs in without a challenge (the pool MFA is optional) but is refused by every admin route', async () => {
    for (const name of ['listOrders', 'getAdminDashboard', 'getMyProfile']) {
      const answer = await callApi(name, { data: {} }, idToken);
      expect(answer.status, name).toBe(403);
      expect(answer.body.error.message).toBe(STAFF_MFA_REQUIRED_MESSAGE);
    }
  });

  it('may still sign out', async () => {
    const other = await adminWithoutTotp();
    created.push(other.userId);
    const { IdToken } = await signInTokens(other);
    expect((await callApi('signOut', { data: {} }, IdToken)).status).toBe(200);
  });

  it('sets TOTP up with the access token, and is let in at once; the next sign-in asks for the code', async () => {
    await expect(cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: 'not-a-token' }))).rejects.toThrow(
      'Invalid Access Token',
    );
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    await expect(
      cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: '12345' })),
    ).rejects.toThrow();
    await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await totpCode(SecretCode!) }),
    );
    // Verified but not yet turned on: still refused.
    expect((await callApi('listOrders', { data: {} }, idToken)).status).toBe(403);
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const me = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(me.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(me.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    // The session that set it up is let in without signing in again (a refusal is never cached).
    expect((await callApi('listOrders', { data: {} }, idToken)).status).toBe(200);
    await expect(signInTokens(user)).rejects.toThrow('SOFTWARE_TOKEN_MFA');
    const again = await signInTokens({ ...user, totpSecret: SecretCode! });
    expect((await callApi('getAdminDashboard', { data: {} }, again.IdToken)).status).toBe(200);
  });
});
