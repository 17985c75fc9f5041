import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../../core/route-definition';
import { ROUTES } from '../../../core/routes';
import { startFakeGateway, type FakeGatewayServer } from '../../../local/fake-gateway/fake-gateway-server';
import { startGateway, type LocalGateway } from '../../../local/gateway/gateway-server';
import { portEnvVar, portsFrom, SERVICES } from '../../../local/ports';
import type { WebServer } from '../../../local/web-server';
import { startTestWebServer } from '../../support/local-web-server';

/**
 * The local stack's card plumbing: the API gateway passes the webhook route on without a token and with the
 * exact body, and the web server forwards /fake-gateway/* to the fake gateway only in fake stages.
 */

describe('local API gateway: the webhook route', () => {
  let gateway: LocalGateway;
  const seen: APIGatewayProxyEventV2[] = [];

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      // Nothing listens here: a token check would fail, so a 200 proves none was made.
      issuer: 'http://127.0.0.1:9/pool',
      clientId: 'client',
      routes: [ROUTES.paymentWebhook as RouteDefinition],
      loadHandler: async () => async (event) => {
        seen.push(event);
        return { statusCode: 200, body: '{"result":{"received":true}}' };
      },
    });
  });
  afterAll(() => gateway.close());

  const post = (body: string | Buffer) =>
    fetch(`${gateway.url}/api/paymentWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=ab' },
      body,
    });

  it('reaches the handler without a token, with the signature header and the body as sent', async () => {
    seen.length = 0;
    const body = '{"id":"evt_1", "type":"payment_intent.succeeded"  }';
    expect((await post(body)).status).toBe(200);
    expect(seen[0]).toMatchObject({ body, isBase64Encoded: false, headers: { 'stripe-signature': 't=1,v1=ab' } });
  });

  it('passes bytes that are not UTF-8 base64-encoded, so the signed bytes arrive unchanged', async () => {
    seen.length = 0;
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect((await post(bytes)).status).toBe(200);
    expect(seen[0]!.isBase64Encoded).toBe(true);
    expect(Buffer.from(seen[0]!.body!, 'base64').equals(bytes)).toBe(true);
  });
});

describe('local web server: /fake-gateway/* only when the stage’s gateway is fake', () => {
  let dist: string;
  let fake: FakeGatewayServer;
  const servers: WebServer[] = [];
  const web = (fakeGatewayUrl?: string) =>
    startTestWebServer(dist, { fakeGatewayUrl }).then((server) => {
      servers.push(server);
      return server;
    });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lenslab-web-pay-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fake = await startFakeGateway({ port: 0, webhookSecret: 'whsec_x' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await fake.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const confirm = (url: string) =>
    fetch(`${url}/fake-gateway/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: 'unknown', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });

  it('forwards the test card form’s post to the fake gateway, same origin, with the page headers', async () => {
    const server = await web(fake.url);
    const answer = await confirm(server.url);
    // The fake gateway's own answer: an unknown client secret.
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/No such payment_intent/);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('forwards nothing but /fake-gateway/: the gateway’s server-side endpoints stay unreachable', async () => {
    const server = await web(fake.url);
    const answer = await fetch(`${server.url}/v1/intents/pi_x`);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('in a stripe stage the path is not forwarded: it is the SPA like any other unknown path', async () => {
    const server = await web(undefined);
    const answer = await confirm(server.url);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(await answer.text()).toContain('<title>app</title>');
  });
});

describe('local ports: the fake gateway has its own, after the others', () => {
  it('is base + 7 and LENSLAB_PORT_FAKE_GATEWAY overrides it, the others keep their ports', () => {
    expect(SERVICES.indexOf('fakeGateway')).toBe(7);
    expect(portEnvVar('fakeGateway')).toBe('LENSLAB_PORT_FAKE_GATEWAY');
    expect(portEnvVar('web')).toBe('LENSLAB_PORT_WEB');
    expect(portsFrom(4800, {})).toMatchObject({ web: 4800, ses: 4806, fakeGateway: 4807 });
    expect(portsFrom(4800, { LENSLAB_PORT_FAKE_GATEWAY: '5999' }).fakeGateway).toBe(5999);
  });

  it('the fake carrier, added last, is base + 8 (LENSLAB_PORT_FAKE_CARRIER), so no earlier port moved', () => {
    expect(SERVICES.at(-1)).toBe('fakeCarrier');
    expect(portEnvVar('fakeCarrier')).toBe('LENSLAB_PORT_FAKE_CARRIER');
    expect(portsFrom(4800, {})).toMatchObject({ fakeGateway: 4807, fakeCarrier: 4808 });
    expect(portsFrom(4800, { LENSLAB_PORT_FAKE_CARRIER: '5998' })).toMatchObject({
      fakeGateway: 4807,
      fakeCarrier: 5998,
    });
  });
});
