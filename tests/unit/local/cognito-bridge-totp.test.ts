import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CognitoError } from '../../../local/cognito-bridge/cognito-error';
import type { EmulatorUser } from '../../../local/cognito-bridge/emulator-users';
import {
  CHALLENGE_ATTEMPTS,
  CHALLENGE_SESSION_MS,
  createTotpMfa,
  LOCKED_OUT_MESSAGE,
  MAX_LOCKOUT_MS,
  USED_CODE_MS,
} from '../../../local/cognito-bridge/rules/totp-mfa-rule';
import { totpCode, totpCodeMatches } from '../../../local/cognito-bridge/totp';
import { fileTotpStore, memoryTotpStore, type TotpStore } from '../../../local/cognito-bridge/totp-store';
import { DEMO_USERS } from '../../../local/seed/demo-data';

/**
 * Local stack: the bridge keeps authenticator apps itself and asks for their codes at sign-in
 * (docs/local-stack.md "The Cognito bridge"). Pure parts, with a memory store and made-up tokens.
 */
const users: EmulatorUser[] = [
  {
    Username: 'u-staff',
    Attributes: [
      { Name: 'sub', Value: 'sub-staff' },
      { Name: 'email', Value: 'desk@lab.test' },
    ],
  },
  {
    Username: 'u-doc',
    Attributes: [
      { Name: 'sub', Value: 'sub-doc' },
      { Name: 'email', Value: 'doc@eye.test' },
    ],
  },
];
const ACCESS: Record<string, string> = { 'access-staff': 'sub-staff', 'access-doc': 'sub-doc' };

/** An unsigned JWT with these claims: the rule only reads the ID token cognito-local just issued. */
const jwt = (claims: object) => ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');
const tokensOf = (sub: string) => ({
  AuthenticationResult: { IdToken: jwt({ sub, 'cognito:username': `u-${sub}` }), AccessToken: 'a', RefreshToken: 'r' },
});
const signIn = { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'web', AuthParameters: { USERNAME: 'desk@lab.test' } };

function bridgeRule(
  now = () => Date.now(),
  { store = memoryTotpStore(), pool = () => users }: { store?: TotpStore; pool?: () => EmulatorUser[] } = {},
) {
  return createTotpMfa({
    store,
    users: pool,
    now,
    accessTokenSub: async (token) => {
      const sub = typeof token === 'string' ? ACCESS[token] : undefined;
      if (!sub) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
      return sub;
    },
  });
}

/** Sets up and turns on an authenticator for the staff user, as the sign-in page does; returns the secret. */
async function setUp(rule: ReturnType<typeof bridgeRule>): Promise<string> {
  const { SecretCode } = (await rule.answer('AssociateSoftwareToken', { AccessToken: 'access-staff' })) as {
    SecretCode: string;
  };
  await rule.answer('VerifySoftwareToken', { AccessToken: 'access-staff', UserCode: await totpCode(SecretCode) });
  await rule.answer('SetUserMFAPreference', {
    AccessToken: 'access-staff',
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return SecretCode;
}

/** The second step of a sign-in: an authenticator code for the challenge `session`. */
const answerCode = (rule: ReturnType<typeof bridgeRule>, session: unknown, code: string) =>
  rule.answer('RespondToAuthChallenge', {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    ClientId: 'web',
    Session: session,
    ChallengeResponses: { SOFTWARE_TOKEN_MFA_CODE: code },
  });

/** A whole sign-in of the staff user: the password step, then this code. */
const signInWithCode = (rule: ReturnType<typeof bridgeRule>, code: string) =>
  answerCode(rule, rule.afterSignIn('InitiateAuth', signIn, tokensOf('sub-staff'))['Session'], code);

/** The code the authenticator shows in the next 30-second step (accepted now; the current one verified the setup). */
const nextCode = (secret: string) => totpCode(secret, Math.floor(Date.now() / 1000) + 30);

const errorType = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error as CognitoError).type,
  );

describe('Cognito bridge TOTP: setting up an authenticator app', () => {
  it('hands out a 32-character base32 secret for a valid access token only', async () => {
    const rule = bridgeRule();
    const answer = (await rule.answer('AssociateSoftwareToken', { AccessToken: 'access-staff' })) as Record<
      string,
      string
    >;
    expect(answer['SecretCode']).toMatch(/^[A-Z2-7]{32}$/);
    expect(await errorType(rule.answer('AssociateSoftwareToken', { AccessToken: 'forged' }))).toBe(
      'NotAuthorizedException',
    );
  });

  it('refuses a wrong code with EnableSoftwareTokenMFAException (what Cognito answers) and a right one succeeds', async () => {
    const rule = bridgeRule();
    const { SecretCode } = (await rule.answer('AssociateSoftwareToken', { AccessToken: 'access-staff' })) as {
      SecretCode: string;
    };
    const wrong = String((Number(await totpCode(SecretCode)) + 1) % 1_000_000).padStart(6, '0');
    expect(await errorType(rule.answer('VerifySoftwareToken', { AccessToken: 'access-staff', UserCode: wrong }))).toBe(
      'EnableSoftwareTokenMFAException',
    );
    expect(
      await rule.answer('VerifySoftwareToken', { AccessToken: 'access-staff', UserCode: await totpCode(SecretCode) }),
    ).toEqual({ Status: 'SUCCESS' });
  });

  it('cannot turn TOTP on before an authenticator is verified, nor turn on SMS', async () => {
    const rule = bridgeRule();
    const on = { AccessToken: 'access-staff', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } };
    expect(await errorType(rule.answer('SetUserMFAPreference', on))).toBe('InvalidParameterException');
    expect(
      await errorType(
        rule.answer('SetUserMFAPreference', { AccessToken: 'access-staff', SMSMfaSettings: { Enabled: true } }),
      ),
    ).toBe('InvalidParameterException');
  });

  it('names the factor in GetUser and AdminGetUser only once it is turned on (what Amplify and the API read)', async () => {
    const rule = bridgeRule();
    const getUser = { Username: 'u-staff', UserAttributes: [{ Name: 'sub', Value: 'sub-staff' }] };
    expect(rule.withMfaSettings('GetUser', getUser)).not.toHaveProperty('UserMFASettingList');
    await setUp(rule);
    expect(rule.withMfaSettings('GetUser', getUser)).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    expect(rule.withMfaSettings('AdminGetUser', getUser)).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    // An operator resets a lost authenticator: the factor is gone.
    await rule.answer('AdminSetUserMFAPreference', {
      Username: 'desk@lab.test',
      SoftwareTokenMfaSettings: { Enabled: false },
    });
    expect(rule.withMfaSettings('AdminGetUser', getUser)).not.toHaveProperty('UserMFASettingList');
  });
});

describe('Cognito bridge TOTP: signing in with an authenticator', () => {
  it('passes the tokens of a user without TOTP straight through', () => {
    const rule = bridgeRule();
    const answer = tokensOf('sub-doc');
    expect(rule.afterSignIn('InitiateAuth', signIn, answer)).toBe(answer);
  });

  it('holds the tokens of a TOTP user behind SOFTWARE_TOKEN_MFA until the right code comes', async () => {
    const rule = bridgeRule();
    const secret = await setUp(rule);
    const answer = tokensOf('sub-staff');
    const challenge = rule.afterSignIn('InitiateAuth', signIn, answer);
    expect(challenge).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeParameters: { USER_ID_FOR_SRP: 'u-sub-staff' },
    });
    expect(challenge).not.toHaveProperty('AuthenticationResult');
    const respond = async (code: string) =>
      rule.answer('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: 'web',
        Session: challenge['Session'],
        ChallengeResponses: { USERNAME: 'desk@lab.test', SOFTWARE_TOKEN_MFA_CODE: code },
      });
    expect(await errorType(respond('000000' === (await totpCode(secret)) ? '111111' : '000000'))).toBe(
      'CodeMismatchException',
    );
    expect(await respond(await nextCode(secret))).toEqual({
      ChallengeParameters: {},
      AuthenticationResult: answer.AuthenticationResult,
    });
    // A session is good for one sign-in.
    expect(await errorType(respond(await nextCode(secret)))).toBe('NotAuthorizedException');
  });

  it(`ends the sign-in after ${CHALLENGE_ATTEMPTS} wrong codes, and after three minutes`, async () => {
    let clock = 1_000_000;
    const rule = bridgeRule(() => clock);
    const secret = await setUp(rule);
    const right = async () => totpCode(secret);
    const wrong = async () => ((await right()) === '000000' ? '111111' : '000000');
    const respond = (session: unknown, code: string) => answerCode(rule, session, code);

    const first = rule.afterSignIn('InitiateAuth', signIn, tokensOf('sub-staff'))['Session'];
    for (let i = 0; i < CHALLENGE_ATTEMPTS; i++) await errorType(respond(first, await wrong()));
    expect(await errorType(respond(first, await right()))).toBe('NotAuthorizedException');

    const second = rule.afterSignIn('InitiateAuth', signIn, tokensOf('sub-staff'))['Session'];
    clock += CHALLENGE_SESSION_MS;
    expect(await errorType(respond(second, await right()))).toBe('NotAuthorizedException');
  });

  it('issues the ID and access tokens when the code is entered (their auth_time is then), keeping the refresh token', async () => {
    const rule = createTotpMfa({
      store: memoryTotpStore(),
      users: () => users,
      accessTokenSub: async (token) => ACCESS[String(token)] ?? '',
      reissue: async (refreshToken, clientId) =>
        refreshToken === 'r' && clientId === 'web'
          ? { IdToken: 'id-at-code-time', AccessToken: 'access-at-code-time' }
          : null,
    });
    const secret = await setUp(rule as ReturnType<typeof bridgeRule>);
    const challenge = rule.afterSignIn('InitiateAuth', signIn, tokensOf('sub-staff'));
    const answer = await answerCode(
      rule as ReturnType<typeof bridgeRule>,
      challenge['Session'],
      await nextCode(secret),
    );
    expect(answer?.['AuthenticationResult']).toEqual({
      IdToken: 'id-at-code-time',
      AccessToken: 'access-at-code-time',
      RefreshToken: 'r',
    });
  });

  it('refuses a code already used by the user while it is still valid, in a later sign-in too (docs/local-stack.md "The Cognito bridge")', async () => {
    let clock = 1_000_000;
    const rule = bridgeRule(() => clock);
    const secret = await setUp(rule);
    const respond = (code: string) => signInWithCode(rule, code);
    // The code that verified the setup cannot sign in.
    expect(await errorType(respond(await totpCode(secret)))).toBe('CodeMismatchException');
    const code = await nextCode(secret);
    expect(await errorType(respond(code))).toBe('no error');
    expect(await errorType(respond(code))).toBe('CodeMismatchException');
    clock += USED_CODE_MS;
    expect(await errorType(respond(code))).toBe('no error');
  });

  it('locks the user out after five wrong codes across sign-ins, doubling from 1 s, as Cognito does', async () => {
    let clock = 1_000_000;
    const rule = bridgeRule(() => clock);
    const secret = await setUp(rule);
    const right = await nextCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const respond = (code: string) => signInWithCode(rule, code);
    const failure = (code: string) =>
      respond(code).then(
        () => 'signed in',
        (error: CognitoError) => `${error.type}: ${error.message}`,
      );
    // Four wrong codes in four sign-ins: not yet locked.
    for (let i = 0; i < 4; i++) expect(await failure(wrong)).toMatch(/^CodeMismatchException/);
    expect(await failure(wrong)).toMatch(/^CodeMismatchException/); // the fifth: locked for 1 s
    expect(await failure(right)).toBe(`NotAuthorizedException: ${LOCKED_OUT_MESSAGE}`);
    clock += 1000;
    expect(await failure(wrong)).toMatch(/^CodeMismatchException/); // the sixth: 2 s
    clock += 1000;
    expect(await failure(right)).toBe(`NotAuthorizedException: ${LOCKED_OUT_MESSAGE}`);
    clock += 1000;
    // More wrong codes, each once the last lockout is over: the lockout doubles, and stops at about 15 minutes
    // (2^10 s would be more).
    for (let failures = 6; failures < 14;) {
      expect(await failure(wrong)).toMatch(/^CodeMismatchException/);
      failures += 1;
      clock += Math.min(2 ** (failures - 5) * 1000, MAX_LOCKOUT_MS);
    }
    expect(await failure(wrong)).toMatch(/^CodeMismatchException/);
    clock += MAX_LOCKOUT_MS - 1000;
    expect(await failure(right)).toBe(`NotAuthorizedException: ${LOCKED_OUT_MESSAGE}`);
    clock += 1000;
    expect(await failure(right)).toBe('signed in');
    // A sign-in resets the count: one wrong code is not a lockout.
    expect(await failure(wrong)).toMatch(/^CodeMismatchException/);
    expect(await failure(await totpCode(secret, Math.floor(Date.now() / 1000) - 30))).toBe('signed in');
  });

  it('refuses the code step of a user disabled after the password step, as Cognito refuses a disabled user', async () => {
    let disabled = false;
    const rule = bridgeRule(undefined, {
      pool: () => users.map((user) => (user.Username === 'u-staff' ? { ...user, Enabled: !disabled } : user)),
    });
    const secret = await setUp(rule);
    const session = rule.afterSignIn('InitiateAuth', signIn, tokensOf('sub-staff'))['Session'];
    disabled = true;
    await expect(answerCode(rule, session, await nextCode(secret))).rejects.toMatchObject({
      type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    // The held sign-in is gone: enabling the user again does not revive it.
    disabled = false;
    expect(await errorType(answerCode(rule, session, await nextCode(secret)))).toBe('NotAuthorizedException');
  });

  it('never challenges a token refresh', async () => {
    const rule = bridgeRule();
    await setUp(rule);
    const answer = tokensOf('sub-staff');
    const refresh = { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'web', AuthParameters: { REFRESH_TOKEN: 'r' } };
    expect(rule.afterSignIn('InitiateAuth', refresh, answer)).toBe(answer);
  });

  it('challenges after a new-password challenge too (the tokens still need the code)', async () => {
    const rule = bridgeRule();
    await setUp(rule);
    const body = { ChallengeName: 'NEW_PASSWORD_REQUIRED', ClientId: 'web', Session: 's' };
    expect(rule.afterSignIn('RespondToAuthChallenge', body, tokensOf('sub-staff'))).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
    });
  });
});

describe('Cognito bridge TOTP: demo staff and the stored state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-totp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('enrols the documented secret once and never replaces an authenticator the user set up', async () => {
    const rule = bridgeRule();
    expect(rule.enrollIfAbsent('desk@lab.test', 'LENSLABADMINDEMOTOTPSECRETKEY234')).toBe(true);
    expect(
      rule.withMfaSettings('AdminGetUser', { UserAttributes: [{ Name: 'sub', Value: 'sub-staff' }] }),
    ).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    });
    expect(rule.enrollIfAbsent('desk@lab.test', 'ANOTHERSECRETANOTHERSECRETABCDEF')).toBe(false);
    expect(rule.enrollIfAbsent('nobody@lab.test', 'LENSLABADMINDEMOTOTPSECRETKEY234')).toBe(false);
  });

  it('keeps secrets per pool in a file beside cognito-local’s database, across restarts', () => {
    fileTotpStore(dir, 'local_pool1').set('sub-staff', { secret: 'S', enabled: true, preferred: true });
    expect(fileTotpStore(dir, 'local_pool1').get('sub-staff')).toEqual({ secret: 'S', enabled: true, preferred: true });
    expect(fileTotpStore(dir, 'local_pool2').get('sub-staff')).toBeUndefined();
    expect(JSON.parse(readFileSync(join(dir, 'bridge-mfa-local_pool1.json'), 'utf8')).users['sub-staff'].secret).toBe(
      'S',
    );
  });

  it('a used code stays refused and a lockout stays on after the bridge restarts (both are kept in its file)', async () => {
    let clock = Date.now();
    const restarted = () => bridgeRule(() => clock, { store: fileTotpStore(dir, 'local_restart') });
    const secret = await setUp(restarted());
    const code = await nextCode(secret);
    expect(await errorType(signInWithCode(restarted(), code))).toBe('no error');
    expect(await errorType(signInWithCode(restarted(), code))).toBe('CodeMismatchException');

    const wrong = ['000000', '111111'].find((c) => c !== code)!;
    for (let i = 0; i < 5; i++) await errorType(signInWithCode(restarted(), wrong));
    clock += 500;
    await expect(
      signInWithCode(restarted(), await totpCode(secret, Math.floor(clock / 1000) - 30)),
    ).rejects.toMatchObject({
      message: LOCKED_OUT_MESSAGE,
    });
  });

  it('the demo staff secrets are valid authenticator secrets, and only staff have one', async () => {
    for (const user of DEMO_USERS) {
      const staff = user.groups.includes('admin') || user.groups.includes('superadmin');
      expect(Boolean(user.totpSecret), user.key).toBe(staff);
      if (user.totpSecret) expect(await totpCodeMatches(user.totpSecret, await totpCode(user.totpSecret))).toBe(true);
    }
  });

  it('accepts the code of the step before or after (typed as it changes) but not two steps off', async () => {
    const secret = 'LENSLABSUPERADMINDEMOTOTPSECRET2';
    const now = 1_800_000_000;
    expect(await totpCodeMatches(secret, await totpCode(secret, now - 30), now)).toBe(true);
    expect(await totpCodeMatches(secret, await totpCode(secret, now + 30), now)).toBe(true);
    expect(await totpCodeMatches(secret, await totpCode(secret, now - 90), now)).toBe(false);
    expect(await totpCodeMatches(secret, 'abcdef', now)).toBe(false);
    expect(await totpCodeMatches(secret, 123456, now)).toBe(false);
  });
});
