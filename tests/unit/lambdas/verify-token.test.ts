import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, identityFromClaims } from '../../../lambdas/auth/verify-token';

let server: Server;
let issuer: string;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
const clientId = 'web-client-id';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    if (req.url === '/local_pool/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local_pool`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface TokenOptions {
  key?: CryptoKey;
  iss?: string;
  aud?: string;
  tokenUse?: string;
  expiresIn?: string | number;
  groups?: string[];
}
function token(options: TokenOptions = {}) {
  return new SignJWT({
    email: 'fitter@practice.test',
    email_verified: true,
    token_use: options.tokenUse ?? 'id',
    'cognito:groups': options.groups ?? ['customer'],
    auth_time: Math.floor(Date.now() / 1000),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject('sub-123')
    .setIssuer(options.iss ?? issuer)
    .setAudience(options.aud ?? clientId)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? privateKey);
}

describe('ID token verification (JWT authorizer rules)', () => {
  const verify = () => createTokenVerifier({ issuer, clientId });

  it('accepts a valid Cognito ID token and reads identity only from its claims', async () => {
    const id = await verify()(await token({ groups: ['admin', 'superadmin'] }));
    expect(id).toMatchObject({ userId: 'sub-123', email: 'fitter@practice.test', emailVerified: true });
    expect(id.groups).toEqual(['admin', 'superadmin']);
  });

  it.each<[string, TokenOptions]>([
    ['signed by another key', { key: undefined }],
    ['from another issuer', { iss: 'http://127.0.0.1:1/other_pool' }],
    ['for another client (audience)', { aud: 'someone-else' }],
    ['an access token instead of an ID token', { tokenUse: 'access' }],
    ['expired', { expiresIn: Math.floor(Date.now() / 1000) - 60 }],
  ])('refuses a token %s', async (label, options) => {
    const opts = label === 'signed by another key' ? { ...options, key: otherKey } : options;
    await expect(verify()(await token(opts))).rejects.toMatchObject({ status: 'unauthenticated' });
  });

  it('refuses a token whose payload was tampered with', async () => {
    const [h, , s] = (await token()).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        sub: 'sub-123',
        email: 'x@y.z',
        token_use: 'id',
        'cognito:groups': ['superadmin'],
        iss: issuer,
        aud: clientId,
        exp: 9999999999,
      }),
    ).toString('base64url');
    await expect(verify()(`${h}.${forgedPayload}.${s}`)).rejects.toMatchObject({ status: 'unauthenticated' });
  });

  it('drops groups it does not know, so an unknown group can never grant access', () => {
    const id = identityFromClaims({ sub: 's', email: 'e@x.y', 'cognito:groups': ['root', 'customer'] });
    expect(id.groups).toEqual(['customer']);
  });

  it('reads groups API Gateway flattened to a string', () => {
    const id = identityFromClaims({ sub: 's', email: 'e@x.y', 'cognito:groups': '[admin superadmin]' });
    expect(id.groups).toEqual(['admin', 'superadmin']);
  });
});
