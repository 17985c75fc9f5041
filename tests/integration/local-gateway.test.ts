import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '../../core/zod';
import { defineRoute } from '../../core/define-routes';
import { createHandler } from '../../lambdas/http/create-handler';
import { startGateway, type LocalGateway } from '../../local/gateway/gateway-server';
import { callApi } from './helpers/call-api';
import { demoUser, signInDemoUser } from './helpers/demo-users';

/** A token signed with cognito-local's own key (it ships in the package), claims changed at will. */
async function forgeIdToken(claims: Record<string, unknown>): Promise<string> {
  const keys = join(dirname(createRequire(import.meta.url).resolve('cognito-local/package.json')), 'lib/keys');
  const { jwk } = JSON.parse(readFileSync(join(keys, 'cognitoLocal.private.json'), 'utf8')) as { jwk: JWK };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
}

describe('local gateway: routes of core/routes.ts served like API Gateway', () => {
  it('getMyProfile answers the signed-in demo customer’s own profile', async () => {
    const { IdToken } = await signInDemoUser('customer');
    const res = await callApi('getMyProfile', {}, IdToken);
    expect(res.status).toBe(200);
    expect(res.body.result.profile).toMatchObject({
      email: demoUser('customer').email,
      accountNumber: 'BV-1001',
      termsAccepted: true,
    });
    expect(res.body.result.groups).toEqual(['customer']);
  });

  it('listBuyingGroups answers the seeded buying groups in name order', async () => {
    const { IdToken } = await signInDemoUser('unlinkedCustomer');
    const res = await callApi('listBuyingGroups', {}, IdToken);
    const names = (res.body.result.items as { name: string }[]).map((g) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Vision Source', 'CAA Optometric Network', 'PECAA', 'IDOC']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers 404 {"message":"Not Found"} for a path or method outside the route table', async () => {
    expect(await callApi('dropTables', {})).toEqual({ status: 404, body: { message: 'Not Found' } });
    expect((await fetch(`${urls.api}/api/getMyProfile`)).status).toBe(404);
  });

  it('answers 413 for a body over the payload limit, before any handler runs', async () => {
    const { IdToken } = await signInDemoUser('customer');
    const res = await callApi('getMyProfile', { data: {}, padding: 'x'.repeat(1024 * 1024) }, IdToken);
    expect(res.status).toBe(413);
  });

  it('answers a malformed body with 400 invalid-argument and field errors, never 500 (spec 8)', async () => {
    const { IdToken } = await signInDemoUser('customer');
    expect((await callApi('getCustomerInfo', '{not json', IdToken)).status).toBe(400);
    const res = await callApi('getCustomerInfo', { data: { page: 0, records: 'many' } }, IdToken);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('invalid-argument');
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(['page', 'records']);
  });
});

/**
 * Lab staff signed in once per file: each staff sign-in spends one of the three authenticator codes the bridge
 * accepts in a 30-second step (it refuses a code used twice, as Cognito does), so signing in per test waited for
 * the next step again and again. These tests only read the tokens.
 */
const staffSessions = new Map<'admin' | 'superAdmin', ReturnType<typeof signInDemoUser>>();
function staffSession(key: 'admin' | 'superAdmin'): ReturnType<typeof signInDemoUser> {
  const session = staffSessions.get(key) ?? signInDemoUser(key);
  staffSessions.set(key, session);
  return session;
}

describe('local gateway: the JWT authorizer refuses what API Gateway refuses, without calling the handler', () => {
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    claims = decodeJwt((await staffSession('admin')).IdToken);
  });
  const unauthorized = { status: 401, body: { message: 'Unauthorized' } };

  it('answers 401 without a token', async () => {
    expect(await callApi('getMyProfile', {})).toEqual(unauthorized);
  });

  it('accepts a token with the emulator’s key, issuer and audience (so the refusals below are about the change)', async () => {
    expect((await callApi('getMyProfile', {}, await forgeIdToken(claims))).status).toBe(200);
  });

  it('answers 401 for a token whose signature was tampered with', async () => {
    const { IdToken } = await staffSession('admin');
    const [header, payload, signature] = IdToken.split('.');
    const flipped = `${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    expect(await callApi('getMyProfile', {}, `${header}.${payload}.${flipped}`)).toEqual(unauthorized);
  });

  it('answers 401 for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await forgeIdToken({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect(await callApi('getMyProfile', {}, expired)).toEqual(unauthorized);
  });

  it('answers 401 for a token from another issuer, or for another client', async () => {
    const otherIssuer = await forgeIdToken({ ...claims, iss: 'http://127.0.0.1:1/us-east-1_other' });
    expect(await callApi('getMyProfile', {}, otherIssuer)).toEqual(unauthorized);
    const otherClient = await forgeIdToken({ ...claims, aud: 'another-client-id' });
    expect(await callApi('getMyProfile', {}, otherClient)).toEqual(unauthorized);
  });

  it('answers 401 for an access token (the API takes ID tokens only)', async () => {
    const { AccessToken } = await staffSession('admin');
    expect(await callApi('getMyProfile', {}, AccessToken)).toEqual(unauthorized);
  });
});

describe('local gateway: roles are enforced by the handler after the authorizer (spec 6)', () => {
  it('answers 403 permission-denied to an admin on a customer-only route', async () => {
    const { IdToken } = await staffSession('admin');
    const res = await callApi('getCustomerInfo', { data: {} }, IdToken);
    expect(res.status).toBe(403);
    expect(res.body.error.status).toBe('permission-denied');
  });

  describe('with an admin-only route added to the table for this test', () => {
    const adminOnly = defineRoute({
      name: 'adminOnlyProbe',
      input: z.object({ note: z.string() }),
      output: z.object({ ok: z.literal(true) }),
      access: ['admin'],
      handler: 'test/admin-only-probe',
      resources: {},
    });
    const events: APIGatewayProxyEventV2[] = [];
    const probe = createHandler(adminOnly, async () => ({ ok: true as const }));
    let gateway: LocalGateway;

    beforeAll(async () => {
      gateway = await startGateway({
        port: 0,
        issuer: env.USER_POOL_ISSUER!,
        clientId: env.USER_POOL_CLIENT_ID!,
        routes: [adminOnly],
        loadHandler: async () => async (event) => {
          events.push(event);
          return probe(event);
        },
      });
    });
    afterAll(() => gateway.close());

    it('answers 403 permission-denied to a customer, and 200 to an admin', async () => {
      const customer = await signInDemoUser('customer');
      const denied = await callApi('adminOnlyProbe', { data: { note: 'x' } }, customer.IdToken, gateway.url);
      expect(denied.status).toBe(403);
      expect(denied.body.error.status).toBe('permission-denied');
      const admin = await staffSession('admin');
      const allowed = await callApi('adminOnlyProbe', { data: { note: 'x' } }, admin.IdToken, gateway.url);
      expect(allowed).toEqual({ status: 200, body: { result: { ok: true } } });
    });

    it('hands the handler an HTTP API payload v2 event with the authorizer’s claims', async () => {
      events.length = 0;
      const admin = await staffSession('superAdmin');
      await fetch(`${gateway.url}/api/adminOnlyProbe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.IdToken}`, 'X-Trace': 't-1' },
        body: JSON.stringify({ data: { note: 'x' } }),
      });
      const event = events[0]!;
      expect(event).toMatchObject({
        version: '2.0',
        routeKey: 'POST /api/adminOnlyProbe',
        rawPath: '/api/adminOnlyProbe',
        body: '{"data":{"note":"x"}}',
        isBase64Encoded: false,
        requestContext: { http: { method: 'POST', path: '/api/adminOnlyProbe', sourceIp: '127.0.0.1' } },
      });
      expect(event.headers).toMatchObject({ 'content-type': 'application/json', 'x-trace': 't-1' });
      expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
      const { jwt } = (event.requestContext as unknown as { authorizer: { jwt: { claims: Record<string, string> } } })
        .authorizer;
      expect(jwt.claims['sub']).toBe(decodeJwt(admin.IdToken).sub);
      expect(jwt.claims['cognito:groups']).toBe('[admin superadmin]');
    });
  });
});
