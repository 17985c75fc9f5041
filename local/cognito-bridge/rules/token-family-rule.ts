import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Cognito's token families (docs/local-stack.md "The Cognito bridge"; docs/decisions/0019-sign-out-per-device.md):
 * every ID and access token minted from one refresh token carries the same `origin_jti`, and a refresh keeps the
 * sign-in's `auth_time`. cognito-local 5.3 does neither (no `origin_jti`, and `auth_time` is the refresh's time),
 * so locally a Log Out could not name its session and a refreshed token would look freshly signed in. The bridge
 * therefore rewrites the two claims in every token answer and signs the tokens again with cognito-local's own
 * key (the JWKS the API and the bridge verify against stays the same):
 * - `origin_jti` is the refresh token's `jti` (one per sign-in, kept by every refresh);
 * - `auth_time` is the sign-in's: as issued with the refresh token, else the refresh token's `iat`.
 */
type Json = Record<string, unknown>;

const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

export interface TokenFamilies {
  /** The answer with its tokens carrying the family's claims; any other answer unchanged. */
  withFamily(operation: string, body: Json, answer: Json): Json;
}

/** The key cognito-local signs with (its JWKS publishes the public half). */
export function cognitoLocalSigningKey(): KeyObject {
  const require = createRequire(import.meta.url);
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: Record<string, string> };
  return createPrivateKey({ key: jwk, format: 'jwk' });
}

export function createTokenFamilies(key: KeyObject = cognitoLocalSigningKey()): TokenFamilies {
  /** Sign-in time per family, as issued (a held authenticator sign-in is issued when its code is entered). */
  const signedInAt = new Map<string, number>();

  function resign(token: unknown, claims: Json): unknown {
    if (typeof token !== 'string') return token;
    const [header, payload] = token.split('.');
    if (!header || !payload) return token;
    const body = Buffer.from(JSON.stringify({ ...(decode(payload) ?? {}), ...claims }), 'utf8').toString('base64url');
    const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(key).toString('base64url');
    return `${header}.${body}.${signature}`;
  }

  return {
    withFamily(operation, body, answer) {
      const result = answer['AuthenticationResult'] as Json | undefined;
      if (!result || typeof result['IdToken'] !== 'string') return answer;
      const issued = typeof result['RefreshToken'] === 'string' ? result['RefreshToken'] : undefined;
      const refreshToken = issued ?? refreshTokenOf(operation, body);
      const family = refreshToken ? decode(refreshToken.split('.')[1] ?? '') : null;
      const originJti = family?.['jti'];
      if (typeof originJti !== 'string') return answer;
      if (issued) {
        const authTime = decode(String(result['IdToken']).split('.')[1] ?? '')?.['auth_time'];
        if (typeof authTime === 'number') {
          if (signedInAt.size >= 10_000) signedInAt.clear();
          signedInAt.set(originJti, authTime);
        }
      }
      const authTime = signedInAt.get(originJti) ?? family?.['iat'];
      const claims: Json = { origin_jti: originJti, ...(typeof authTime === 'number' ? { auth_time: authTime } : {}) };
      return {
        ...answer,
        AuthenticationResult: {
          ...result,
          IdToken: resign(result['IdToken'], claims),
          AccessToken: resign(result['AccessToken'], claims),
        },
      };
    },
  };
}

/** The refresh token a refresh request names (InitiateAuth's REFRESH_TOKEN_AUTH, or GetTokensFromRefreshToken). */
function refreshTokenOf(operation: string, body: Json): string | undefined {
  if (operation === 'GetTokensFromRefreshToken') {
    return typeof body['RefreshToken'] === 'string' ? body['RefreshToken'] : undefined;
  }
  if (!REFRESH_FLOWS.has(String(body['AuthFlow']))) return undefined;
  const token = (body['AuthParameters'] as Json | undefined)?.['REFRESH_TOKEN'];
  return typeof token === 'string' ? token : undefined;
}

/** A JWT part's claims (read, not verified: only answers cognito-local accepted are rewritten). */
function decode(part: string): Json | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Json) : null;
  } catch {
    return null;
  }
}
