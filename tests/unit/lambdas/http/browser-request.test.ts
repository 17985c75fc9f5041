import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from '../../../../core/zod';
import { defineRoute } from '../../../../core/route-definition';
import { VIEWER_HOST_HEADER } from '../../../../core/edge-headers';
import {
  FOREIGN_ORIGIN_MESSAGE,
  JSON_ONLY_MESSAGE,
  NOT_THROUGH_CLOUDFRONT_MESSAGE,
  portalOrigins,
} from '../../../../lambdas/http/browser-request';
import { createHandler } from '../../../../lambdas/http/create-handler';
import { createLogger } from '../../../../lambdas/http/logger';
import { callableEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/identities';
import { InMemoryAuditLog } from '../../../support/in-memory-audit';

/**
 * The API is browser-only. A body that is not JSON is a 415 and another site's page is a 403,
 * on public routes (a visitor's consult) and signed-in routes alike, before the body is read and without an
 * audit entry (docs/decisions/0081-browser-only-api.md).
 */

const PORTAL = 'https://portal.lab.example';

const publicRoute = defineRoute({
  name: 'askTheLab',
  input: z.object({ question: z.string() }),
  output: z.object({ reference: z.string() }),
  access: 'public',
  handler: 'test/ask-the-lab',
  resources: {},
});
const adminRoute = defineRoute({
  name: 'adminThing',
  input: z.object({ id: z.string() }),
  output: z.object({ ok: z.boolean() }),
  access: ['admin'],
  handler: 'test/admin-thing',
  resources: {},
});

function setup() {
  const auditLog = new InMemoryAuditLog();
  const ran: unknown[] = [];
  const deps = {
    verifyToken: async () => identity(['admin']),
    log: createLogger({}, () => {}),
    auditLog,
  };
  const ask = createHandler(
    publicRoute,
    async (input) => {
      ran.push(input);
      return { reference: 'AVC-TEST' };
    },
    deps,
  );
  const admin = createHandler(
    adminRoute,
    async (input) => {
      ran.push(input);
      return { ok: true };
    },
    deps,
  );
  return { auditLog, ran, ask, admin };
}

const post = (name: string, headers: Record<string, string>, options: { token?: string; body?: string } = {}) =>
  callableEvent(name, { data: name === 'adminThing' ? { id: 'x' } : { question: 'hi' }, ...options, headers });

const bodyOf = (answer: { body?: string }) =>
  JSON.parse(answer.body ?? '{}') as { error?: { status: string; message: string } };

beforeEach(() => vi.stubEnv('PORTAL_ORIGINS', `${PORTAL},http://localhost:5200`));
afterEach(() => vi.unstubAllEnvs());

describe('JSON bodies only', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp'])(
    'a public route answers 415 to %s, runs nothing and writes no audit entry',
    async (contentType) => {
      const { ask, ran, auditLog } = setup();
      const answer = await ask(post('askTheLab', { 'content-type': contentType, origin: PORTAL }));
      expect(answer.statusCode).toBe(415);
      expect(bodyOf(answer).error).toMatchObject({ status: 'unsupported-media-type', message: JSON_ONLY_MESSAGE });
      expect(ran).toEqual([]);
      expect(auditLog.events).toEqual([]);
    },
  );

  it('a request without a content type is a 415 too', async () => {
    const { ask } = setup();
    const event = post('askTheLab', {});
    delete event.headers['content-type'];
    expect((await ask(event)).statusCode).toBe(415);
  });

  it('application/json with a charset, in any letter case, is accepted', async () => {
    const { ask, ran } = setup();
    const answer = await ask(post('askTheLab', { 'content-type': 'Application/JSON; charset=utf-8', origin: PORTAL }));
    expect(answer.statusCode).toBe(200);
    expect(ran).toHaveLength(1);
  });

  it('a signed-in route answers 415 to text/plain as well, before the token is checked', async () => {
    const { admin, ran } = setup();
    const answer = await admin(post('adminThing', { 'content-type': 'text/plain' }, { token: 'any' }));
    expect(answer.statusCode).toBe(415);
    expect(ran).toEqual([]);
  });
});

describe("only the portal's own pages", () => {
  it("another site's page gets 403, runs nothing and writes no audit entry", async () => {
    const { ask, ran, auditLog } = setup();
    const answer = await ask(post('askTheLab', { origin: 'https://evil.example' }));
    expect(answer.statusCode).toBe(403);
    expect(bodyOf(answer).error).toMatchObject({ status: 'permission-denied', message: FOREIGN_ORIGIN_MESSAGE });
    expect(ran).toEqual([]);
    expect(auditLog.events).toEqual([]);
  });

  it.each([
    'null',
    'https://portal.lab.example.evil.example',
    'http://portal.lab.example',
    'https://portal.lab.example:8443',
  ])('Origin %s is foreign', async (origin) => {
    const { ask } = setup();
    expect((await ask(post('askTheLab', { origin }))).statusCode).toBe(403);
  });

  it('Sec-Fetch-Site saying another site sent it is refused even when the Origin header is missing', async () => {
    const { ask } = setup();
    expect((await ask(post('askTheLab', { 'sec-fetch-site': 'cross-site' }))).statusCode).toBe(403);
    expect((await ask(post('askTheLab', { 'sec-fetch-site': 'same-site' }))).statusCode).toBe(403);
  });

  it("the portal's origins (each configured one) and clients that send no Origin are served", async () => {
    const { ask } = setup();
    expect((await ask(post('askTheLab', { origin: PORTAL, 'sec-fetch-site': 'same-origin' }))).statusCode).toBe(200);
    expect((await ask(post('askTheLab', { origin: 'http://localhost:5200' }))).statusCode).toBe(200);
    expect((await ask(post('askTheLab', {}))).statusCode).toBe(200);
  });

  it('a signed-in route refuses a foreign origin too', async () => {
    const { admin } = setup();
    expect((await admin(post('adminThing', { origin: 'https://evil.example' }, { token: 'any' }))).statusCode).toBe(
      403,
    );
  });
});

describe("the portal's origin", () => {
  const headers = (extra: Record<string, string>) => ({ headers: { 'content-type': 'application/json', ...extra } });

  it('is the configured list, and the viewer host CloudFront vouches for', () => {
    expect(portalOrigins(headers({}), { PORTAL_ORIGINS: ' https://a.example , https://b.example ' })).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    // With an own domain, the distribution's default domain still serves the portal behind CloudFront.
    const both = headers({ [VIEWER_HOST_HEADER]: 'd111.cloudfront.net', 'x-origin-verify': 's3cret' });
    expect(portalOrigins(both, { PORTAL_ORIGINS: 'https://a.example', ORIGIN_VERIFY_SECRET: 's3cret' })).toEqual([
      'https://a.example',
      'https://d111.cloudfront.net',
    ]);
  });

  it("is the host the viewer used behind CloudFront, only with CloudFront's origin secret", () => {
    const env = { ORIGIN_VERIFY_SECRET: 's3cret' };
    const viaCloudFront = headers({ [VIEWER_HOST_HEADER]: 'd111.cloudfront.net', 'x-origin-verify': 's3cret' });
    expect(portalOrigins(viaCloudFront, env)).toEqual(['https://d111.cloudfront.net']);
    const forged = headers({ [VIEWER_HOST_HEADER]: 'evil.example', 'x-origin-verify': 'guess' });
    expect(portalOrigins(forged, env)).toEqual([]);
    expect(portalOrigins(headers({ [VIEWER_HOST_HEADER]: 'evil.example' }), {})).toEqual([]);
  });

  it('unknown: every request that names an origin is refused', async () => {
    vi.stubEnv('PORTAL_ORIGINS', '');
    const { ask } = setup();
    expect((await ask(post('askTheLab', { origin: PORTAL }))).statusCode).toBe(403);
    expect((await ask(post('askTheLab', {}))).statusCode).toBe(200);
  });
});

describe('in AWS the API answers only what came through CloudFront (and its web ACL)', () => {
  it('with ORIGIN_VERIFY_SECRET set, a request without the secret is 403 before anything runs; with it, it is served', async () => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'edge-secret');
    const { ask, ran, auditLog } = setup();
    const direct = await ask(post('askTheLab', {}));
    expect(direct.statusCode).toBe(403);
    expect(bodyOf(direct).error?.message).toBe(NOT_THROUGH_CLOUDFRONT_MESSAGE);
    expect((await ask(post('askTheLab', { 'x-origin-verify': 'a guess' }))).statusCode).toBe(403);
    expect(ran).toEqual([]);
    expect(auditLog.events).toEqual([]);
    expect((await ask(post('askTheLab', { 'x-origin-verify': 'edge-secret', origin: PORTAL }))).statusCode).toBe(200);
  });
});
