import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../../core/route-definition';
import { startCognitoBridge, type CognitoBridge } from '../../../local/cognito-bridge/bridge-server';
import { startGateway, type Handler, type LocalGateway } from '../../../local/gateway/gateway-server';
import { listenOnLoopback, type LoopbackServer } from '../../../local/process/listen-on-loopback';
import { guardRequests, originFormUrl } from '../../../local/process/request-guard';

/** Sends one request exactly as written; the status of the answer, or 0 when the connection ended without one. */
function rawRequest(url: string, target: string, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const port = Number(new URL(url).port);
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', reject);
    const body = method === 'POST' ? '{}' : '';
    // A client operation: the bridge passes it on without the stack's signature (iam-signature.ts).
    const amzTarget = method === 'POST' ? 'X-Amz-Target: AWSCognitoIdentityProviderService.InitiateAuth\r\n' : '';
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${amzTarget}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

describe('originFormUrl: the path of a request, never another host', () => {
  it.each([
    ['/a/b?c=1', '/a/b'],
    ['//evil.example/x', '//evil.example/x'],
    ['/\\evil.example/x', '//evil.example/x'],
    ['/%', '/%'],
  ])('%s is the path %s on this server', (target, path) => {
    expect(originFormUrl(target)?.pathname).toBe(path);
    expect(originFormUrl(target)?.host).toBe('local');
  });

  it.each([undefined, '', '*', 'http://evil.example/x', '@evil.example/x', 'evil.example'])('%s is refused', (t) => {
    expect(originFormUrl(t)).toBeNull();
  });
});

describe('guardRequests: no request can throw out of a server', () => {
  let server: LoopbackServer;
  const logged: string[] = [];

  beforeAll(async () => {
    const listener = guardRequests(
      'test server',
      (req, res) => {
        if (req.url === '/throw') throw new Error('thrown');
        if (req.url === '/reject') return Promise.reject(new Error('rejected'));
        if (req.url === '/late') {
          res.writeHead(200).write('started');
          throw new Error('after the headers');
        }
        res.writeHead(200).end('ok');
      },
      { fail: (_req, res) => res.writeHead(500).end('failed'), log: (message) => logged.push(message) },
    );
    server = await listenOnLoopback(createServer(listener), 0);
  });
  afterAll(() => server.close());

  it.each(['/throw', '/reject'])('%s is answered 500 and logged, and the server keeps serving', async (target) => {
    expect(await rawRequest(server.url, target)).toBe(500);
    expect(logged.at(-1)).toContain(`test server: GET "${target}" failed`);
    expect(await rawRequest(server.url, '/')).toBe(200);
  });

  it('an error once the answer has started ends that connection (no second answer), and the server keeps serving', async () => {
    expect(await rawRequest(server.url, '/late')).not.toBe(500);
    expect(logged.at(-1)).toContain('test server: GET "/late" failed: after the headers');
    expect(await rawRequest(server.url, '/')).toBe(200);
  });
});

describe('the local gateway answers 500 for any handler failure and keeps serving', () => {
  let gateway: LocalGateway;
  const route = (name: string) => ({ name, access: 'public', handler: name }) as unknown as RouteDefinition;
  const handlers: Record<string, Handler> = {
    ok: async () => ({ statusCode: 200, body: '{"result":1}' }),
    throws: async () => {
      throw new Error('handler broke');
    },
    badStatus: async () => ({ statusCode: 99, body: '' }),
    badHeader: async () => ({ statusCode: 200, headers: { 'x-bad': 'a\nb' }, body: '' }),
  };

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      issuer: 'http://127.0.0.1:9/pool',
      clientId: 'client',
      routes: ['ok', 'throws', 'badStatus', 'badHeader', 'unloadable'].map(route),
      loadHandler: async (r) => {
        const handler = handlers[r.name];
        if (!handler) throw new Error(`no module for ${r.name}`);
        return handler;
      },
    });
  });
  afterAll(() => gateway.close());

  it.each(['throws', 'badStatus', 'badHeader', 'unloadable'])('/api/%s answers 500', async (name) => {
    expect(await rawRequest(gateway.url, `/api/${name}`, 'POST')).toBe(500);
    expect(await rawRequest(gateway.url, '/api/ok', 'POST')).toBe(200);
  });

  it.each(['/%', '//', '*', 'http://evil.example/api/ok'])(
    '%s answers 400 or 404, and the gateway keeps serving',
    async (t) => {
      expect([400, 404]).toContain(await rawRequest(gateway.url, t, 'POST'));
      expect(await rawRequest(gateway.url, '/api/ok', 'POST')).toBe(200);
    },
  );
});

describe('the Cognito bridge keeps serving, and passes GETs to cognito-local only', () => {
  let upstream: LoopbackServer;
  let bridge: CognitoBridge;
  let dataDir: string;
  const seen: string[] = [];
  const bridgeTo = (upstreamUrl: string) =>
    startCognitoBridge({
      port: 0,
      upstream: upstreamUrl,
      dataDir,
      userPoolId: 'local_pool',
      allowedOrigins: [],
      sendMail: async () => {},
      stackCredentials: { accessKeyId: 'S3RVER', secretAccessKey: 'test-stack-secret' },
      log: () => {},
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lenslab-bridge-guard-'));
    const fake: Server = createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}');
    });
    upstream = await listenOnLoopback(fake, 0);
    bridge = await bridgeTo(upstream.url);
  });
  afterAll(async () => {
    await bridge.close();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('//host/x and /\\host/x are paths on cognito-local, never another host', async () => {
    const host = new URL(upstream.url).host;
    expect(await rawRequest(bridge.url, '//evil.example/x')).toBe(200);
    expect(await rawRequest(bridge.url, '/\\evil.example/y')).toBe(200);
    expect(seen.slice(-2)).toEqual([`${host} //evil.example/x`, `${host} //evil.example/y`]);
  });

  it('an absolute-form target (http://host/x) is refused with 400, and nothing is fetched', async () => {
    const before = seen.length;
    expect(await rawRequest(bridge.url, 'http://169.254.169.254/latest/meta-data/')).toBe(400);
    expect(seen).toHaveLength(before);
    expect(await rawRequest(bridge.url, '/pool/.well-known/jwks.json')).toBe(200);
  });

  it('cognito-local gone: a POST answers 500 and the bridge keeps serving', async () => {
    const down = await bridgeTo('http://127.0.0.1:9');
    try {
      expect(await rawRequest(down.url, '/', 'POST')).toBe(500);
      expect(await rawRequest(down.url, '/%', 'OPTIONS')).toBe(204);
    } finally {
      await down.close();
    }
  });
});
