import { inject } from 'vitest';
import { caller } from '../../support/api-call';
import { freshTotpCodes, nextTotpStep, spendTotpCode } from '../../support/totp-codes';
import type { DemoUser } from '../../../local/seed/demo-data';

export type DemoUserKey = DemoUser['key'];

export interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

/** A seeded demo login (local/seed/demo-data.ts). */
export function demoUser(key: DemoUserKey) {
  const user = inject('demoUsers').find((u) => u.key === key);
  if (!user) throw new Error(`No demo user "${key}"`);
  return user;
}

interface AuthAnswer {
  AuthenticationResult?: Tokens;
  ChallengeName?: string;
  Session?: string;
  __type?: string;
  message?: string;
}

/** One call to the Cognito bridge, as the browser (Amplify) makes it. */
export function cognitoRequest(operation: string, body: unknown): Promise<Response> {
  return fetch(inject('urls').cognito, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
}

async function cognitoCall(operation: string, body: unknown): Promise<AuthAnswer> {
  return (await (await cognitoRequest(operation, body)).json()) as AuthAnswer;
}

/**
 * Signs in through the Cognito bridge with USER_PASSWORD_AUTH, as the portal does locally; lab staff answer
 * the authenticator challenge with a code from their TOTP secret that this process has not used (the bridge
 * refuses a used one), trying the next accepted one when another test process spent it first.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  totpSecret?: string,
  /** At most this many codes (a test that sends a wrong secret sends one: each wrong code counts toward lockout). */
  tries = 3,
): Promise<Tokens> {
  const clientId = inject('env').USER_POOL_CLIENT_ID;
  const initiate = () =>
    cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
  let answer = await initiate();
  // Other test processes may claim every code of this step first: then no code was sent, and the next step's are tried.
  for (let round = 0; round < 3 && answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret; round++) {
    let codes = await freshTotpCodes(totpSecret);
    if (codes.length === 0 || round > 0) {
      await nextTotpStep();
      codes = await freshTotpCodes(totpSecret);
      answer = await initiate();
    }
    const session = answer.Session;
    for (const code of codes.slice(0, tries)) {
      if (!spendTotpCode(totpSecret, code)) continue;
      answer = await cognitoCall('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: clientId,
        Session: session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      });
      if (answer.__type !== 'CodeMismatchException') break;
    }
  }
  if (!answer.AuthenticationResult) {
    throw new Error(`Sign-in of ${email} failed: ${answer.__type ?? answer.ChallengeName} ${answer.message ?? ''}`);
  }
  return answer.AuthenticationResult;
}

/** Tokens of a seeded demo user (staff through their documented authenticator secret). */
export async function signInDemoUser(key: DemoUserKey): Promise<Tokens> {
  const user = demoUser(key);
  return signInWithPassword(user.email, user.password, user.totpSecret);
}

/**
 * Route callers on the gateway for the demo practice, the second practice and the lab, signed in together;
 * `customer` is the demo practice user's tokens.
 */
export async function signInPracticesAndLab(apiUrl: string) {
  const [customer, second, admin] = await Promise.all([
    signInDemoUser('customer'),
    signInDemoUser('secondPractice'),
    signInDemoUser('admin'),
  ]);
  return {
    customer,
    practice: caller(apiUrl, customer.IdToken),
    otherPractice: caller(apiUrl, second.IdToken),
    lab: caller(apiUrl, admin.IdToken),
  };
}
