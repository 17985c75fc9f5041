import { inject } from 'vitest';
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

/** Signs in through the Cognito bridge with USER_PASSWORD_AUTH, as the portal does locally. */
export async function signInWithPassword(email: string, password: string): Promise<Tokens> {
  const res = await fetch(inject('urls').cognito, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: inject('env').USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const answer = (await res.json()) as { AuthenticationResult?: Tokens; __type?: string; message?: string };
  if (!answer.AuthenticationResult) throw new Error(`Sign-in of ${email} failed: ${answer.__type} ${answer.message}`);
  return answer.AuthenticationResult;
}

/** Tokens of a seeded demo user. */
export async function signInDemoUser(key: DemoUserKey): Promise<Tokens> {
  const user = demoUser(key);
  return signInWithPassword(user.email, user.password);
}
