import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runPhase } from '../../../bench/api-load/open-loop';
import { median, metricsOf, type Lhr } from '../../../bench/web-speed/summary';

describe('median, as the page-speed table reads repeated runs', () => {
  test.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  test('of nothing is an error, not a number', () => {
    expect(() => median([])).toThrow();
  });
});

describe("a Lighthouse run's figures", () => {
  const ORIGIN = 'http://127.0.0.1:4800';
  const lhr = (overrides: Partial<Lhr> = {}): Lhr => ({
    finalDisplayedUrl: `${ORIGIN}/auth/login`,
    runWarnings: [],
    categories: { performance: { score: 0.874 } },
    audits: {
      'first-contentful-paint': { numericValue: 900 },
      'largest-contentful-paint': { numericValue: 1200 },
      'total-blocking-time': { numericValue: 30 },
      'cumulative-layout-shift': { numericValue: 0.01 },
      'network-requests': {
        details: {
          items: [
            { url: `${ORIGIN}/auth/login`, resourceType: 'Document', transferSize: 900 },
            { url: `${ORIGIN}/assets/index-1.js`, resourceType: 'Script', transferSize: 40_000 },
            { url: `${ORIGIN}/assets/login-2.js`, resourceType: 'Script', transferSize: 5_000 },
            { url: 'https://cdn.example/x.js', resourceType: 'Script', transferSize: 1_000 },
            { url: `${ORIGIN}/assets/index-3.css`, resourceType: 'Stylesheet', transferSize: 3_000 },
            { url: `${ORIGIN}/config.json`, resourceType: 'Fetch', transferSize: 400 },
          ],
        },
      },
    },
    ...overrides,
  });

  test('scripts and style sheets are summed as transferred; every request counts; the score is a whole percent', () => {
    expect(metricsOf(lhr(), ORIGIN)).toEqual({
      performance: 87,
      fcp: 900,
      lcp: 1200,
      tbt: 30,
      cls: 0.01,
      jsBytes: 46_000,
      jsFiles: 3,
      cssBytes: 3_000,
      cssFiles: 1,
      requests: 6,
      // Only the page's own scripts are compared with the budget's walk.
      scripts: ['assets/index-1.js', 'assets/login-2.js'],
    });
  });

  test('a run Lighthouse could not finish is an error, not a row of zeros', () => {
    expect(() => metricsOf(lhr({ runtimeError: { code: 'NO_FCP', message: 'no paint' } }), ORIGIN)).toThrow(/NO_FCP/);
  });
});

describe('the open-loop client sends on schedule and counts what came back', () => {
  let server: Server;
  let url: string;
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  let version = 0;
  let slowMs = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        seen.push({ path: req.url!, body });
        setTimeout(() => {
          if (req.url === '/fail') return void res.writeHead(503).end();
          if (req.url === '/draft') version += 1;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: { version } }));
        }, slowMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const phase = (path: string, overrides: object = {}) => ({
    url: `${url}${path}`,
    token: 't',
    rate: 100,
    seconds: 0.3,
    bodies: ['{"n":1}', '{"n":2}'],
    timeoutMs: 5_000,
    ...overrides,
  });

  test('rate × seconds requests go out, every answer is timed, bodies are used in turn', async () => {
    seen.length = 0;
    const result = await runPhase(phase('/ok'));
    expect(result).toMatchObject({ sent: 30, ok: 30, errors: {} });
    expect(result.latencies).toHaveLength(30);
    // Several connections: arrival order is not send order, but each body goes out every other time.
    expect(seen.filter((s) => s.body['n'] === 1)).toHaveLength(15);
    expect(seen.filter((s) => s.body['n'] === 2)).toHaveLength(15);
  });

  test('a slow server shows in the latencies instead of slowing the sending down (no coordinated omission)', async () => {
    slowMs = 200;
    try {
      const result = await runPhase(phase('/ok', { rate: 50, seconds: 0.4 }));
      // All 20 were sent on schedule over 0.4 s although each answer took 0.2 s.
      expect(result.ok).toBe(20);
      expect(Math.min(...result.latencies)).toBeGreaterThanOrEqual(195);
      // One after another (a closed loop) the last would have waited 20 × 0.2 s = 4 s.
      expect(Math.max(...result.latencies)).toBeLessThan(2_000);
    } finally {
      slowMs = 0;
    }
  });

  test('answers other than 200 are counted as errors by status', async () => {
    const result = await runPhase(phase('/fail', { seconds: 0.1 }));
    expect(result).toMatchObject({ sent: 10, ok: 0, errors: { '503': 10 } });
  });

  test('draft saves name the version the last answer gave, and hand the versions on', async () => {
    seen.length = 0;
    version = 10;
    const result = await runPhase(
      phase('/draft', {
        // 250 ms apart, so each answer is back before the next save even on a busy machine.
        rate: 4,
        seconds: 1,
        bodies: ['{"orderId":"$ORDER_ID","version":"$VERSION"}'],
        drafts: [{ orderId: 'd1', version: 10 }],
      }),
    );
    expect(seen.map((s) => s.body)).toEqual([
      { orderId: 'd1', version: 10 },
      { orderId: 'd1', version: 11 },
      { orderId: 'd1', version: 12 },
      { orderId: 'd1', version: 13 },
    ]);
    expect(result.drafts).toEqual([{ orderId: 'd1', version: 14 }]);
  });
});

describe("the open-loop client and Node's keep-alive race", () => {
  test('a request reset on a reused connection before any answer is sent again once and counted apart from errors', async () => {
    // The first request that arrives on a reused connection is reset, as a server closing an idle connection
    // just as the client reuses it looks to the client; every other request is answered with keep-alive.
    let answered = 0;
    let resets = 0;
    const sockets = new Set<Socket>();
    const server = createTcpServer((socket) => {
      sockets.add(socket);
      let served = false;
      socket.on('error', () => undefined);
      socket.on('data', () => {
        if (served && resets === 0) {
          resets += 1;
          return void socket.resetAndDestroy();
        }
        served = true;
        answered += 1;
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      // 250 ms apart: each answer is back before the next send even on a busy machine, so sends reuse sockets.
      const result = await runPhase({
        url: `http://127.0.0.1:${port}/`,
        token: 't',
        rate: 4,
        seconds: 2,
        bodies: ['{}'],
        timeoutMs: 5_000,
      });
      expect(result).toMatchObject({ sent: 8, ok: 8, errors: {} });
      expect(resets).toBe(1);
      expect(result.resent).toBe(1);
      expect(answered).toBe(8);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
