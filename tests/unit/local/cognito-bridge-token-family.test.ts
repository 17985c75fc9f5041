import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenFamilies } from '../../../local/cognito-bridge/rules/token-family-rule';

/**
 * The bridge gives cognito-local's tokens Cognito's token families (docs/decisions/0019-sign-out-per-device.md):
 * `origin_jti` from the refresh token, and the sign-in's `auth_time` kept by every refresh.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unsigned = (claims: object) => `${part({ alg: 'RS256', kid: 'CognitoLocal' })}.${part(claims)}.sig`;
const REFRESH = unsigned({ jti: 'family-1', iat: 1000, 'cognito:username': 'ann' });

describe('Cognito bridge: token families', () => {
  it('a sign-in answer gets origin_jti (the refresh token jti) in its ID and access tokens, validly signed', async () => {
    const families = createTokenFamilies(privateKey);
    const answer = families.withFamily(
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH' },
      {
        AuthenticationResult: {
          IdToken: unsigned({ sub: 'u1', auth_time: 1005, token_use: 'id' }),
          AccessToken: unsigned({ sub: 'u1', auth_time: 1005, token_use: 'access' }),
          RefreshToken: REFRESH,
        },
      },
    );
    const result = answer['AuthenticationResult'] as Record<string, string>;
    const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
    const { payload } = await jwtVerify(result['IdToken']!, key);
    expect(payload).toMatchObject({ sub: 'u1', origin_jti: 'family-1', auth_time: 1005 });
    expect(decodeJwt(result['AccessToken']!)).toMatchObject({ origin_jti: 'family-1', token_use: 'access' });
    expect(result['RefreshToken']).toBe(REFRESH);
  });

  it("a refresh keeps the family's origin_jti and the sign-in's auth_time, not the refresh's", () => {
    const families = createTokenFamilies(privateKey);
    families.withFamily(
      'InitiateAuth',
      {},
      {
        AuthenticationResult: { IdToken: unsigned({ auth_time: 1005 }), AccessToken: 'a', RefreshToken: REFRESH },
      },
    );
    const refreshed = families.withFamily(
      'GetTokensFromRefreshToken',
      { RefreshToken: REFRESH },
      {
        AuthenticationResult: { IdToken: unsigned({ auth_time: 5000 }), AccessToken: unsigned({ auth_time: 5000 }) },
      },
    );
    const result = refreshed['AuthenticationResult'] as Record<string, string>;
    expect(decodeJwt(result['IdToken']!)).toMatchObject({ origin_jti: 'family-1', auth_time: 1005 });
    // A bridge restarted since the sign-in takes the refresh token's own time.
    const later = createTokenFamilies(privateKey).withFamily(
      'InitiateAuth',
      { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: REFRESH } },
      { AuthenticationResult: { IdToken: unsigned({ auth_time: 5000 }), AccessToken: 'a' } },
    );
    expect(decodeJwt((later['AuthenticationResult'] as Record<string, string>)['IdToken']!)).toMatchObject({
      origin_jti: 'family-1',
      auth_time: 1000,
    });
  });

  it('answers without tokens (a challenge, an error) pass unchanged', () => {
    const families = createTokenFamilies(privateKey);
    const challenge = { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's' };
    expect(families.withFamily('InitiateAuth', {}, challenge)).toBe(challenge);
  });
});
