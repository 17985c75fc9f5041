import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STAFF_MFA_CHANGED_MESSAGE, STAFF_MFA_REQUIRED_MESSAGE } from '../../core/rules/staff-mfa';
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

  it('sets TOTP up with the access token; the next sign-in asks for the code, and only it is let in', async () => {
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

    // Set up straight against Cognito, without the sign-in page: the first staff call records the set-up, and the
    // password-only session that made it is ended (docs/decisions/0101-staff-second-factor-recorded.md).
    const ended = await callApi('listOrders', { data: {} }, idToken);
    expect(ended.status).toBe(401);
    expect(ended.body.error.message).toBe(STAFF_MFA_CHANGED_MESSAGE);
    expect((await callApi('listOrders', { data: {} }, idToken)).status).toBe(401);
    await expect(signInTokens(user)).rejects.toThrow('SOFTWARE_TOKEN_MFA');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // past the recorded second
    const again = await signInTokens({ ...user, totpSecret: SecretCode! });
    expect((await callApi('getAdminDashboard', { data: {} }, again.IdToken)).status).toBe(200);
  });
});

describe('the sign-in page records a set-up on the server (docs/decisions/0101-staff-second-factor-recorded.md)', () => {
  const created: string[] = [];
  afterAll(() => Promise.all(created.map(deleteTestUser)));

  it('signOut { secondFactorChanged } ends every session from before the set-up; the sign-in with its code is let in at once', async () => {
    const user = await adminWithoutTotp();
    created.push(user.userId);
    const elsewhere = await signInTokens(user);
    const { IdToken: idToken, AccessToken: accessToken } = await signInTokens(user);
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await totpCode(SecretCode!) }),
    );
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const recorded = await callApi('signOut', { data: { everywhere: true, secondFactorChanged: true } }, idToken);
    expect(recorded.status).toBe(200);
    for (const token of [idToken, elsewhere.IdToken]) {
      expect((await callApi('listOrders', { data: {} }, token)).status).toBe(401);
    }
    const fresh = await signInTokens({ ...user, totpSecret: SecretCode! });
    expect((await callApi('listOrders', { data: {} }, fresh.IdToken)).status).toBe(200);
    expect((await callApi('getAdminDashboard', { data: {} }, fresh.IdToken)).status).toBe(200);
  });
});

describe('the bridge refuses the code step of a user disabled after the password, as Cognito does', () => {
  it('answers NotAuthorizedException "User is disabled." with the right code', async () => {
    const user = await createTestUser(['admin']);
    try {
      const started = await cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId(),
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        }),
      );
      expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      await cognito.send(
        new AdminDisableUserCommand({ UserPoolId: inject('env').USER_POOL_ID, Username: user.userId }),
      );
      const code = await totpCode(user.totpSecret!, Math.floor(Date.now() / 1000) + 30);
      await expect(
        cognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId(),
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: started.Session,
            ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: code },
          }),
        ),
      ).rejects.toThrow('User is disabled.');
    } finally {
      await deleteTestUser(user.userId);
    }
  });
});
