import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, TEST_PASSWORD, uniqueEmail, type TestUser } from '../support/cognito-test-users';
import { codeIn, waitForEmail } from '../support/mailbox';
import { demoUser, signInWithPassword } from './helpers/demo-users';

const clientId = env.USER_POOL_CLIENT_ID!;
const poolId = env.USER_POOL_ID!;
const STRONG = 'Lenslab!New1';
let cognito: CognitoIdentityProviderClient;

beforeAll(() => {
  // The SDK reaches the bridge through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, as the handlers do.
  cognito = new CognitoIdentityProviderClient({});
});

describe('Cognito bridge: token refresh as Amplify v6 asks for it', () => {
  it('answers GetTokensFromRefreshToken with fresh tokens for the same user', async () => {
    // Lab staff pass the authenticator step; the session it gives must still refresh (the bridge's TOTP design).
    const user = demoUser('admin');
    const first = await signInWithPassword(user.email, user.password, user.totpSecret);
    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: first.RefreshToken }),
    );
    const idToken = refreshed.AuthenticationResult?.IdToken;
    expect(idToken).toMatch(/^ey/);
    expect(decodeJwt(idToken!).sub).toBe(decodeJwt(first.IdToken).sub);
  });
});

describe('Cognito bridge: a disabled user cannot sign in (spec 6: super admins disable users)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(['customer']);
  });

  it('refuses password sign-in, admin sign-in and refresh while disabled, and allows them once enabled', async () => {
    const before = await signInWithPassword(user.email, user.password);
    await cognito.send(new AdminDisableUserCommand({ UserPoolId: poolId, Username: user.userId }));

    await expect(signInWithPassword(user.email, user.password)).rejects.toThrow(
      'NotAuthorizedException User is disabled.',
    );
    await expect(
      cognito.send(
        new AdminInitiateAuthCommand({
          UserPoolId: poolId,
          ClientId: clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        }),
      ),
    ).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(
      cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: before.RefreshToken })),
    ).rejects.toBeInstanceOf(NotAuthorizedException);

    await cognito.send(new AdminEnableUserCommand({ UserPoolId: poolId, Username: user.userId }));
    expect((await signInWithPassword(user.email, user.password)).IdToken).toBeTruthy();
  });
});

describe('Cognito bridge: the password policy of core/password-policy.ts is enforced', () => {
  const WEAK = 'password';

  it('refuses a weak password set by an admin, and a weak temporary password', async () => {
    const user = await createTestUser(['customer']);
    await expect(
      cognito.send(
        new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: user.userId, Password: WEAK, Permanent: true }),
      ),
    ).rejects.toBeInstanceOf(InvalidPasswordException);
    await expect(
      cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: uniqueEmail('invited'),
          TemporaryPassword: WEAK,
          MessageAction: 'SUPPRESS',
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidPasswordException);
  });

  it('refuses a weak new password on change, and accepts a strong one', async () => {
    const user = await createTestUser(['customer']);
    const { AccessToken } = await signInWithPassword(user.email, user.password);
    const change = (ProposedPassword: string) =>
      cognito.send(new ChangePasswordCommand({ AccessToken, PreviousPassword: TEST_PASSWORD, ProposedPassword }));
    await expect(change(WEAK)).rejects.toBeInstanceOf(InvalidPasswordException);
    await change(STRONG);
    expect((await signInWithPassword(user.email, STRONG)).IdToken).toBeTruthy();
  });

  it('answers a wrong current password with NotAuthorizedException, as Cognito does', async () => {
    const admin = demoUser('admin');
    await expect(signInWithPassword(admin.email, 'Wrong!Password1')).rejects.toThrow('NotAuthorizedException');
  });
});

describe('Cognito bridge: codes arrive as emails in the dev mailbox (SES emulator)', () => {
  it('no account enumeration: SignUp straight at the pool is refused alike for a registered and a new email (no enumeration)', async () => {
    const signUp = (email: string) =>
      cognito.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          Password: STRONG,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
    const registered = await signUp(demoUser('customer').email).catch((e: unknown) => e);
    const fresh = await signUp(uniqueEmail('signup')).catch((e: unknown) => e);
    for (const answer of [registered, fresh]) {
      expect(answer).toBeInstanceOf(NotAuthorizedException);
      expect((answer as Error).message).toBe('SignUp is not permitted for this user pool');
    }
  });

  it('emails the password reset code; the reset refuses a weak password and takes a strong one', async () => {
    const user = await createTestUser(['customer']);
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: user.email }));
    const mail = await waitForEmail(urls.ses, user.email, (e) => e.subject === 'Reset your Lenslab Portal password');
    const reset = (Password: string) =>
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: user.email,
          ConfirmationCode: codeIn(mail),
          Password,
        }),
      );
    await expect(reset('short')).rejects.toBeInstanceOf(InvalidPasswordException);
    await reset(STRONG);
    expect((await signInWithPassword(user.email, STRONG)).IdToken).toBeTruthy();
  });
});

describe('Cognito bridge: CORS for the portal origin only', () => {
  const preflight = (origin: string) =>
    fetch(urls.cognito, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });

  it('answers the browser’s preflight from the portal with the headers Amplify sends', async () => {
    const res = await preflight(urls.web);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(urls.web);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('does not allow another origin', async () => {
    expect((await preflight('http://evil.test')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
