import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EASYPOST_CARRIERS,
  easyPostApi,
  EasyPostApiError,
  type EasyPostApi,
} from '../../../../lambdas/adapters/easypost-api';
import { errorAnswer } from '../../../../lambdas/http/error-response';
import { classifyServiceFailure } from '../../../../lambdas/http/service-failures';
import { failureOfKind } from '../../../support/failure-of';

/**
 * The hand-written EasyPost client against a scripted local double of api.easypost.com: what it sends (path, Basic
 * auth with the key as user, JSON body) and when it retries (once on a network error, a 5xx or a 429; never on
 * another 4xx), with errors classed by status as the SDK's error classes are.
 */

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One scripted answer: a status with a JSON body, or a connection dropped before any answer. */
type Answer = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | 'drop';

const API_KEY = 'EZTKdoubleKey123';
const tracker = {
  id: 'trk_1',
  object: 'Tracker',
  tracking_code: '9400100000000000000001',
  carrier: 'USPS',
  status: 'pre_transit',
};
const ok: Answer = { status: 200, body: tracker };
const easyPostError = (status: number, code: string, message: unknown): Answer => ({
  status,
  body: { error: { code, message, errors: [] } },
});

const failureOf = (promise: Promise<unknown>) => failureOfKind(promise, EasyPostApiError);

describe('EasyPost API client (fetch, JSON bodies, one retry on an outage)', () => {
  let server: Server;
  let api: EasyPostApi;
  const requests: Recorded[] = [];
  let script: Answer[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        const answer = script.shift() ?? ok;
        if (answer === 'drop') return req.socket.destroy();
        res
          .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          .end(answer.raw ?? JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    api = easyPostApi({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}/` });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    script = [];
  });

  const create = () => api.createTracker('usps', '9400100000000000000001');

  it('creates a tracker with POST /v2/trackers, the key as Basic auth user (no password) and a JSON body', async () => {
    await expect(create()).resolves.toEqual(tracker);
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v2/trackers' });
    expect(sent!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(JSON.parse(sent!.body)).toEqual({ tracker: { tracking_code: '9400100000000000000001', carrier: 'USPS' } });
  });

  it('spells the carriers as EasyPost does: UPS, FedEx, USPS', async () => {
    expect(EASYPOST_CARRIERS).toEqual({ ups: 'UPS', fedex: 'FedEx', usps: 'USPS' });
    await api.createTracker('fedex', '123456789012');
    await api.createTracker('ups', '1Z999AA10123456784');
    expect(requests.map((r) => (JSON.parse(r.body) as { tracker: { carrier: string } }).tracker.carrier)).toEqual([
      'FedEx',
      'UPS',
    ]);
  });

  it('retrieves a tracker with GET /v2/trackers/:id, no body, the id encoded', async () => {
    await api.retrieveTracker('trk_1/../x');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v2/trackers/trk_1%2F..%2Fx', body: '' });
    expect(requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('retries once after a 500, after a half-second pause, with the same body', async () => {
    script = [easyPostError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong'), ok];
    const started = Date.now();
    await expect(create()).resolves.toEqual(tracker);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toBe(requests[0]!.body);
  });

  it('retries at most once: a second 503 fails with EasyPost’s message, an outage for the caller (503)', async () => {
    const down = easyPostError(503, 'SERVICE_UNAVAILABLE', 'EasyPost is down');
    script = [down, down, ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'api', statusCode: 503, message: 'EasyPost is down' });
    expect(errorAnswer(error, 'c')).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
  });

  it('retries a 429 once; a second one is a rate-limit error the caller sees as busy', async () => {
    const limited = easyPostError(429, 'RATE_LIMITED', 'Too many requests');
    script = [limited, ok];
    await expect(create()).resolves.toEqual(tracker);
    expect(requests).toHaveLength(2);

    requests.length = 0;
    script = [limited, limited, ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'rate-limit', statusCode: 429 });
    expect(classifyServiceFailure(error)).toMatchObject({ kind: 'busy' });
  });

  it.each([
    [400, 'bad-request'],
    [401, 'authentication'],
    [402, 'payment'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [422, 'invalid-request'],
  ] as const)('never retries a %i, which is a %s error and no outage', async (status, kind) => {
    script = [easyPostError(status, 'SOME.CODE', 'refused'), ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ kind, statusCode: status, code: 'SOME.CODE', message: 'refused' });
    expect(classifyServiceFailure(error)).toBeNull();
  });

  it('joins a message given per field, as the SDK does', async () => {
    script = [easyPostError(422, 'PARAMETER.INVALID', { tracking_code: ['is too short', 'has spaces'] })];
    expect(await failureOf(create())).toMatchObject({ message: 'is too short, has spaces' });
  });

  it('retries a dropped connection; two drops fail as a connection error (an outage)', async () => {
    script = ['drop', ok];
    await expect(create()).resolves.toEqual(tracker);
    expect(requests).toHaveLength(2);

    requests.length = 0;
    script = ['drop', 'drop', ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({
      kind: 'connection',
      message: 'An error occurred with our connection to EasyPost. Request was retried 1 times.',
    });
    expect(errorAnswer(error, 'c')).toMatchObject({ statusCode: 503 });
  });

  it('a redirect is not followed (the key goes nowhere else): it is an error', async () => {
    script = [{ status: 302, raw: '', headers: { location: 'http://127.0.0.1:9/elsewhere' } }];
    expect(await failureOf(create())).toMatchObject({ kind: 'redirect', statusCode: 302 });
    expect(requests).toHaveLength(1);
  });

  it('an answer that is not JSON is an API error, and no error carries the key', async () => {
    script = [{ status: 200, raw: '<html>proxy error</html>' }];
    const error = await failureOf(api.retrieveTracker('trk_1'));
    expect(error).toMatchObject({ kind: 'api', message: 'Invalid JSON received from the EasyPost API' });
    expect(JSON.stringify(error) + String(error) + String(error.cause)).not.toContain(API_KEY);
  });
});
