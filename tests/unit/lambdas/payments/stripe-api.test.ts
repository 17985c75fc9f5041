import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorAnswer } from '../../../../lambdas/http/error-response';
import { classifyServiceFailure } from '../../../../lambdas/http/service-failures';
import {
  formEncode,
  STRIPE_API_VERSION,
  stripeApi,
  StripeApiError,
  type StripeApi,
} from '../../../../lambdas/adapters/stripe-api';
import { failureOfKind } from '../../../support/failure-of';

/**
 * The hand-written Stripe client against a scripted local double of api.stripe.com: what it sends (form bodies,
 * headers, idempotency keys) and when it retries, which must be what stripe-node did (RequestSender._shouldRetry:
 * one retry on a network error, a 409 or a 5xx; Stripe's `Stripe-Should-Retry` header overrides; never a 4xx).
 */

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One scripted answer: a status with a JSON body and headers, or a connection dropped before any answer. */
type Answer = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | 'drop';

const SECRET_KEY = 'sk_test_api_double';
const intent = { id: 'pi_1', object: 'payment_intent', amount: 100, status: 'requires_payment_method' };
const ok: Answer = { status: 200, body: intent };
const stripeError = (status: number, error: Record<string, string>, headers?: Record<string, string>): Answer => ({
  status,
  body: { error },
  ...(headers && { headers }),
});

const failureOf = (promise: Promise<unknown>) => failureOfKind(promise, StripeApiError);

describe('Stripe API client (fetch, form bodies, the SDK’s retry rule)', () => {
  let server: Server;
  let api: StripeApi;
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
    api = stripeApi({ secretKey: SECRET_KEY, host: '127.0.0.1', port, protocol: 'http' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    script = [];
  });

  const create = () =>
    api.request('POST', '/v1/payment_intents', { amount: 100, metadata: { paymentId: 'pay-1' } }, 'pay-1');

  it('encodes nested parameters as Stripe’s bracketed form fields, leaving out undefined ones', () => {
    const encoded = formEncode({
      amount: 12_345,
      description: 'Invoices INV-1 & INV-2 (é)',
      receipt_email: undefined,
      metadata: { paymentId: 'pay-1', note: 'a=b' },
      automatic_payment_methods: { enabled: true, allow_redirects: 'never', nested: { deeper: false } },
    });
    expect([...new URLSearchParams(encoded)]).toEqual([
      ['amount', '12345'],
      ['description', 'Invoices INV-1 & INV-2 (é)'],
      ['metadata[paymentId]', 'pay-1'],
      ['metadata[note]', 'a=b'],
      ['automatic_payment_methods[enabled]', 'true'],
      ['automatic_payment_methods[allow_redirects]', 'never'],
      ['automatic_payment_methods[nested][deeper]', 'false'],
    ]);
    expect(encoded).not.toContain(' ');
  });

  it('sends the secret key, the pinned API version (the one stripe-node 23.1.0 uses) and a form body', async () => {
    await expect(create()).resolves.toEqual(intent);
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(sent!.headers).toMatchObject({
      authorization: `Bearer ${SECRET_KEY}`,
      'stripe-version': Stripe.API_VERSION,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': 'pay-1',
    });
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
      amount: '100',
      'metadata[paymentId]': 'pay-1',
    });
  });

  it('a GET has no body and no idempotency key; a POST without a key of ours gets a fresh one', async () => {
    await api.request('GET', '/v1/payment_intents/pi_1');
    await api.request('POST', '/v1/payment_intents/pi_1/cancel');
    await api.request('POST', '/v1/payment_intents/pi_1/cancel');
    const [get, cancel1, cancel2] = requests;
    expect(get!.headers['idempotency-key']).toBeUndefined();
    expect(get!.body).toBe('');
    expect(cancel1!.headers['idempotency-key']).toMatch(/^lenslab-retry-[0-9a-f-]{36}$/);
    expect(cancel2!.headers['idempotency-key']).not.toBe(cancel1!.headers['idempotency-key']);
  });

  it('retries once after a 500 with the same Idempotency-Key and body, after the SDK’s half-second pause', async () => {
    script = [stripeError(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' }), ok];
    const started = Date.now();
    await expect(create()).resolves.toEqual(intent);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['idempotency-key']).toBe('pay-1');
    expect(requests[1]!.body).toBe(requests[0]!.body);
  });

  it('retries at most once: a second 500 fails with Stripe’s message', async () => {
    const down = stripeError(500, { type: 'api_error', message: 'Stripe is down.' });
    script = [down, down, ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'api', statusCode: 500, message: 'Stripe is down.' });
    // Stripe down is an outage for the caller: 503 with Retry-After, not a 500.
    expect(errorAnswer(error, 'c')).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
  });

  it('never retries a 402 card error, which fails with Stripe’s decline message and code', async () => {
    script = [stripeError(402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }), ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({
      kind: 'card',
      statusCode: 402,
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(classifyServiceFailure(error)).toBeNull();
  });

  it('retries a 409 (the same key still in flight), but not an idempotency error (the same key, other params)', async () => {
    script = [stripeError(409, { type: 'idempotency_error', message: 'in flight' }), ok];
    await expect(create()).resolves.toEqual(intent);
    expect(requests).toHaveLength(2);

    requests.length = 0;
    const reused = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';
    script = [stripeError(400, { type: 'idempotency_error', message: reused }), ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'idempotency', message: reused });
  });

  it('follows Stripe-Should-Retry: a 429 is retried only when Stripe says so, a 500 not when it says not', async () => {
    const limited = (headers?: Record<string, string>) =>
      stripeError(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' }, headers);
    script = [limited(), ok];
    expect(await failureOf(create())).toMatchObject({ kind: 'rate-limit', statusCode: 429 });
    expect(requests).toHaveLength(1);

    requests.length = 0;
    script = [limited({ 'stripe-should-retry': 'true' }), ok];
    await expect(create()).resolves.toEqual(intent);
    expect(requests).toHaveLength(2);

    requests.length = 0;
    script = [stripeError(500, { type: 'api_error', message: 'replayed' }, { 'stripe-should-retry': 'false' }), ok];
    expect(await failureOf(create())).toMatchObject({ kind: 'api', message: 'replayed' });
    expect(requests).toHaveLength(1);
  });

  it('retries a dropped connection with the same key; two drops fail as a connection error', async () => {
    script = ['drop', ok];
    await expect(create()).resolves.toEqual(intent);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['pay-1', 'pay-1']);

    requests.length = 0;
    script = ['drop', 'drop', ok];
    const error = await failureOf(create());
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({
      kind: 'connection',
      message: 'An error occurred with our connection to Stripe. Request was retried 1 times.',
    });
    expect(errorAnswer(error, 'c')).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
  });

  it('an answer that is not JSON is an API error, and no error message carries the secret key', async () => {
    script = [{ status: 200, raw: '<html>proxy error</html>' }];
    const error = await failureOf(api.request('GET', '/v1/payment_intents/pi_1'));
    expect(error).toMatchObject({ kind: 'api', message: 'Invalid JSON received from the Stripe API' });
    expect(JSON.stringify(error) + String(error)).not.toContain(SECRET_KEY);
  });
});
