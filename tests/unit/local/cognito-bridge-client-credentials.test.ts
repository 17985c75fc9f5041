import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  createClientCredentialsGrant,
  type AppClient,
} from '../../../local/cognito-bridge/rules/client-credentials-rule';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const clients: Record<string, AppClient> = {
  'machine-1': {
    ClientId: 'machine-1',
    ClientSecret: 's3cret',
    AllowedOAuthFlows: ['client_credentials'],
    AllowedOAuthScopes: ['lenslab/orders.read', 'lenslab/invoices.write'],
  },
  'web-1': { ClientId: 'web-1', ClientSecret: 'web', AllowedOAuthFlows: ['code'] },
};
const grant = createClientCredentialsGrant({
  issuer: 'http://127.0.0.1:9/local_pool',
  describeClient: async (id) => clients[id] ?? null,
  now: () => 1_800_000_000_000,
  key: privateKey,
});
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('the bridge token endpoint: client-credentials grant as Cognito answers it', () => {
  it('issues an hour-long access token with the client id and its allowed scopes', async () => {
    const answer = await grant({ authorization: basic('machine-1', 's3cret'), body: 'grant_type=client_credentials' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const token = String(answer.body['access_token']);
    await compactVerify(token, publicKey);
    expect(decodeJwt(token)).toMatchObject({
      token_use: 'access',
      client_id: 'machine-1',
      sub: 'machine-1',
      iss: 'http://127.0.0.1:9/local_pool',
      scope: 'lenslab/orders.read lenslab/invoices.write',
      iat: 1_800_000_000,
      exp: 1_800_003_600,
    });
  });

  it('narrows to the scopes asked for, and refuses a scope the client was not given', async () => {
    const narrowed = await grant({
      authorization: basic('machine-1', 's3cret'),
      body: 'grant_type=client_credentials&scope=lenslab%2Forders.read',
    });
    expect(decodeJwt(String(narrowed.body['access_token']))['scope']).toBe('lenslab/orders.read');
    const refused = await grant({
      authorization: basic('machine-1', 's3cret'),
      body: 'grant_type=client_credentials&scope=lenslab%2Forders.write-status',
    });
    expect(refused).toEqual({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('refuses a wrong secret, an unknown client, another grant and a client not allowed the grant', async () => {
    const body = 'grant_type=client_credentials';
    expect((await grant({ authorization: basic('machine-1', 'wrong'), body })).body).toEqual({
      error: 'invalid_client',
    });
    expect((await grant({ authorization: basic('nobody', 'x'), body })).body).toEqual({ error: 'invalid_client' });
    expect((await grant({ authorization: undefined, body })).body).toEqual({ error: 'invalid_client' });
    expect((await grant({ authorization: basic('web-1', 'web'), body })).body).toEqual({
      error: 'unauthorized_client',
    });
    expect((await grant({ authorization: basic('machine-1', 's3cret'), body: 'grant_type=password' })).body).toEqual({
      error: 'unsupported_grant_type',
    });
  });
});
