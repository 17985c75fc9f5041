import { randomBytes } from 'node:crypto';
import { CognitoError } from '../cognito-error';
import { findUser, subOf, type EmulatorUser } from '../emulator-users';
import { newTotpSecret, totpCodeMatches } from '../totp';
import type { TotpRecord, TotpStore } from '../totp-store';

/**
 * Authenticator apps (TOTP) as Cognito does them for a pool with MFA OPTIONAL and TOTP as the only factor
 * (infra/constructs/auth.ts; docs/local-stack.md "The Cognito bridge").
 *
 * cognito-local 5.3 has TOTP calls of its own, but a sign-in that passes its SOFTWARE_TOKEN_MFA challenge
 * returns a refresh token it never records, so the session could not be refreshed (and the disabled-user rule
 * could not find its owner). So cognito-local never learns that a user has TOTP: the bridge keeps the secrets
 * (TotpStore), lets cognito-local check the password as for any user, and holds the tokens it answers behind a
 * SOFTWARE_TOKEN_MFA challenge until the right code comes back.
 */
export interface TotpMfaOptions {
  store: TotpStore;
  users: () => EmulatorUser[];
  /** The `sub` of a valid access token of this pool; throws NotAuthorizedException otherwise. */
  accessTokenSub: (token: unknown) => Promise<string>;
  /**
   * Fresh ID and access tokens for a held sign-in's refresh token, so they are issued when the code is
   * entered, as Cognito issues them (their auth_time then follows a sign-out in between); null keeps the held ones.
   */
  reissue?: (refreshToken: unknown, clientId: unknown) => Promise<Json | null>;
  now?: () => number;
}

type Json = Record<string, unknown>;

/** Cognito's sign-in sessions last three minutes. */
export const CHALLENGE_SESSION_MS = 3 * 60 * 1000;
/** Wrong codes allowed per challenge before the session ends and the password must be entered again. */
export const CHALLENGE_ATTEMPTS = 5;

/**
 * Cognito's lockout (docs/local-stack.md "The Cognito bridge"): after five failed MFA codes, counted across
 * sign-in attempts, the user is locked out for 2^(n-5) seconds (n failures so far), up to about 15 minutes;
 * attempts while locked are refused without counting; a sign-in after the lockout, or 15 minutes without any
 * attempt, starts the count again.
 */
export const LOCKOUT_AFTER_FAILURES = 5;
export const MAX_LOCKOUT_MS = 15 * 60 * 1000;
const LOCKOUT_FORGOTTEN_MS = 15 * 60 * 1000;
/** What Cognito answers a locked-out user (NotAuthorizedException). */
export const LOCKED_OUT_MESSAGE =
  'Too many invalid credentials attempts. User temporarily locked. Please try again after few seconds.';
/**
 * A code that signed a user in (or verified their authenticator) is refused for the rest of the time it is
 * valid: its 30-second step and the step either side the check accepts.
 */
export const USED_CODE_MS = 3 * 30 * 1000;

const SIGN_IN_FLOWS = new Set(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);
const RESPOND = new Set(['RespondToAuthChallenge', 'AdminRespondToAuthChallenge']);

interface HeldSignIn {
  sub: string;
  clientId: unknown;
  result: unknown;
  expiresAt: number;
  attempts: number;
}

export function createTotpMfa(options: TotpMfaOptions) {
  const { store, users } = options;
  const now = options.now ?? Date.now;
  const held = new Map<string, HeldSignIn>();
  // Used codes and failures are kept in the store with the secret, not in memory: a restart of the stack must not
  // make a used code good again or end a lockout (docs/local-stack.md "The Cognito bridge").
  const record = (sub: string): TotpRecord => store.get(sub) ?? { enabled: false, preferred: false };

  function alreadyUsed(sub: string, code: unknown): boolean {
    const until = typeof code === 'string' ? store.get(sub)?.usedCodes?.[code] : undefined;
    return until !== undefined && until > now();
  }
  /** Records a used code in `base` (the user's record, or the one about to replace it) and stores it. */
  function markUsed(sub: string, code: unknown, base: TotpRecord = record(sub)) {
    const usedCodes = Object.fromEntries(Object.entries(base.usedCodes ?? {}).filter(([, until]) => until > now()));
    if (typeof code === 'string') usedCodes[code] = now() + USED_CODE_MS;
    store.set(sub, { ...base, usedCodes });
  }
  function lockedOut(sub: string): boolean {
    const failures = store.get(sub)?.failures;
    if (!failures || failures.lastAt + LOCKOUT_FORGOTTEN_MS <= now()) return false;
    return failures.lockedUntil > now();
  }
  function recordFailure(sub: string) {
    const current = record(sub);
    const previous = current.failures;
    const failures =
      previous && previous.lastAt + LOCKOUT_FORGOTTEN_MS > now()
        ? { ...previous }
        : { count: 0, lockedUntil: 0, lastAt: 0 };
    failures.count += 1;
    failures.lastAt = now();
    if (failures.count >= LOCKOUT_AFTER_FAILURES) {
      failures.lockedUntil = now() + Math.min(2 ** (failures.count - LOCKOUT_AFTER_FAILURES) * 1000, MAX_LOCKOUT_MS);
    }
    store.set(sub, { ...current, failures });
  }

  const expired = () => new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  const isOn = (sub: string) => {
    const found = store.get(sub);
    return Boolean(found?.enabled && found.secret);
  };

  async function associate(body: Json): Promise<Json> {
    if (body['AccessToken'] === undefined && body['Session'] !== undefined) {
      // MFA_SETUP is a challenge of pools whose MFA is required; this pool's is optional
      // (docs/decisions/0017-two-step-verification-for-lab-staff.md).
      throw new CognitoError('InvalidParameterException', 'MFA setup during sign-in is not used by this user pool.');
    }
    const sub = await options.accessTokenSub(body['AccessToken']);
    const secret = newTotpSecret();
    // The current authenticator keeps working until the new one is verified.
    store.set(sub, { ...record(sub), pendingSecret: secret });
    return { SecretCode: secret };
  }

  async function verifyToken(body: Json): Promise<Json> {
    const sub = await options.accessTokenSub(body['AccessToken']);
    const current = record(sub);
    if (!current.pendingSecret) {
      throw new CognitoError('InvalidParameterException', 'User has not associated a software token.');
    }
    if (!(await totpCodeMatches(current.pendingSecret, body['UserCode']))) {
      throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
    }
    const { pendingSecret, ...rest } = current;
    markUsed(sub, body['UserCode'], { ...rest, secret: pendingSecret });
    return { Status: 'SUCCESS' };
  }

  function setPreference(sub: string, body: Json): Json {
    for (const other of ['SMSMfaSettings', 'EmailMfaSettings']) {
      if ((body[other] as Json | undefined)?.['Enabled'] === true) {
        throw new CognitoError(
          'InvalidParameterException',
          'Only authenticator apps (TOTP) are enabled for this pool.',
        );
      }
    }
    const settings = body['SoftwareTokenMfaSettings'] as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
    if (!settings) return {};
    const current = record(sub);
    const enabled = settings.Enabled ?? (settings.PreferredMfa === true ? true : current.enabled);
    if (enabled && !current.secret) {
      throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa');
    }
    const preferred = enabled && (settings.PreferredMfa ?? current.preferred);
    store.set(sub, { ...current, enabled, preferred });
    return {};
  }

  async function respond(body: Json): Promise<Json> {
    const session = typeof body['Session'] === 'string' ? body['Session'] : '';
    const signIn = held.get(session);
    if (!signIn || signIn.expiresAt <= now() || signIn.clientId !== body['ClientId']) {
      held.delete(session);
      throw expired();
    }
    // Disabled while the code was being typed: Cognito refuses a disabled user at every step, this one included.
    if (users().find((user) => subOf(user) === signIn.sub)?.Enabled === false) {
      held.delete(session);
      throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    }
    // Locked out: refused before the code is looked at, and the attempt does not count.
    if (lockedOut(signIn.sub)) throw new CognitoError('NotAuthorizedException', LOCKED_OUT_MESSAGE);
    const code = (body['ChallengeResponses'] as Json | undefined)?.['SOFTWARE_TOKEN_MFA_CODE'];
    const secret = store.get(signIn.sub)?.secret;
    if (!secret || alreadyUsed(signIn.sub, code) || !(await totpCodeMatches(secret, code))) {
      signIn.attempts += 1;
      if (signIn.attempts >= CHALLENGE_ATTEMPTS) held.delete(session);
      recordFailure(signIn.sub);
      throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
    }
    const { failures: _failures, ...rest } = record(signIn.sub);
    markUsed(signIn.sub, code, rest);
    held.delete(session);
    const heldResult = signIn.result as Json;
    const fresh = await options.reissue?.(heldResult['RefreshToken'], signIn.clientId).catch(() => null);
    const result = fresh ? { ...heldResult, IdToken: fresh['IdToken'], AccessToken: fresh['AccessToken'] } : heldResult;
    return { ChallengeParameters: {}, AuthenticationResult: result };
  }

  function userByName(name: unknown): EmulatorUser {
    const user = typeof name === 'string' ? findUser(users(), name) : undefined;
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  return {
    /** True when the user (by `sub`) has a verified authenticator turned on: Cognito asks them for its code. */
    isOn,

    /** The calls the bridge answers itself; undefined for every other call. */
    async answer(operation: string, body: Json): Promise<Json | undefined> {
      switch (operation) {
        case 'AssociateSoftwareToken':
          return associate(body);
        case 'VerifySoftwareToken':
          return verifyToken(body);
        case 'SetUserMFAPreference':
          return setPreference(await options.accessTokenSub(body['AccessToken']), body);
        case 'AdminSetUserMFAPreference': {
          const sub = subOf(userByName(body['Username']));
          return sub ? setPreference(sub, body) : {};
        }
        default:
          if (RESPOND.has(operation) && body['ChallengeName'] === 'SOFTWARE_TOKEN_MFA') return respond(body);
          return undefined;
      }
    },

    /**
     * After cognito-local accepted a sign-in (password, or a new-password challenge): a user with TOTP on gets
     * a SOFTWARE_TOKEN_MFA challenge instead of the tokens, which wait for the code. Refreshes are never
     * challenged, as in Cognito.
     */
    afterSignIn(operation: string, body: Json, answer: Json): Json {
      const signingIn =
        ((operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') &&
          SIGN_IN_FLOWS.has(String(body['AuthFlow']))) ||
        RESPOND.has(operation);
      const result = answer['AuthenticationResult'] as Json | undefined;
      if (!signingIn || !result) return answer;
      const claims = idTokenClaims(result['IdToken']);
      const sub = typeof claims['sub'] === 'string' ? claims['sub'] : '';
      if (!sub || !isOn(sub)) return answer;
      const session = randomBytes(48).toString('base64url');
      held.set(session, {
        sub,
        clientId: body['ClientId'],
        result,
        expiresAt: now() + CHALLENGE_SESSION_MS,
        attempts: 0,
      });
      for (const [key, value] of held) if (value.expiresAt <= now()) held.delete(key);
      const username = claims['cognito:username'];
      return {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ChallengeParameters: typeof username === 'string' ? { USER_ID_FOR_SRP: username } : {},
        Session: session,
      };
    },

    /** GetUser and AdminGetUser name the user's MFA factors, as Cognito does (what Amplify and the API read). */
    withMfaSettings(operation: string, answer: Json): Json {
      if (operation !== 'GetUser' && operation !== 'AdminGetUser') return answer;
      const attributes = (answer['UserAttributes'] ?? []) as { Name?: string; Value?: string }[];
      const sub = attributes.find((a) => a.Name === 'sub')?.Value;
      const { UserMFASettingList: _list, PreferredMfaSetting: _preferred, ...rest } = answer;
      if (!sub || !isOn(sub)) return rest;
      return {
        ...rest,
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        ...(store.get(sub)?.preferred ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}),
      };
    },

    /**
     * Gives a user an authenticator with a known secret, turned on, unless they already have one of their own
     * (the seeded lab staff: docs/local-stack.md "Demo data"). Returns whether it did.
     */
    enrollIfAbsent(username: string, secret: string): boolean {
      const user = findUser(users(), username);
      const sub = user && subOf(user);
      if (!sub || store.get(sub)) return false;
      store.set(sub, { secret, enabled: true, preferred: true });
      return true;
    },
  };
}

export type TotpMfa = ReturnType<typeof createTotpMfa>;

/** The claims of an ID token cognito-local just issued (read, not verified: it came from upstream). */
function idTokenClaims(token: unknown): Json {
  if (typeof token !== 'string') return {};
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Json;
  } catch {
    return {};
  }
}
