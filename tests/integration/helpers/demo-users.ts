import { inject } from 'vitest';
import { totpCode } from '../../../local/cognito-bridge/totp';
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

/** One call to the Cognito bridge, as the browser makes it. */
async function cognitoCall(operation: string, body: unknown): Promise<AuthAnswer> {
  const res = await fetch(inject('urls').cognito, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as AuthAnswer;
}

/**
 * Signs in through the Cognito bridge with USER_PASSWORD_AUTH, as the portal does locally; lab staff answer
 * the authenticator challenge with a code from their TOTP secret.
 */
export async function signInWithPassword(email: string, password: string, totpSecret?: string): Promise<Tokens> {
  const clientId = inject('env').USER_POOL_CLIENT_ID;
  let answer = await cognitoCall('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
    answer = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: clientId,
      Session: answer.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await totpCode(totpSecret) },
    });
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
