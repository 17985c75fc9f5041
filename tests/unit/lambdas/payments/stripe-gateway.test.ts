import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripePaymentGateway } from '../../../../lambdas/adapters/stripe-payment-gateway';
import { WebhookSignatureError, type PaymentGateway } from '../../../../lambdas/ports/payment-gateway';

/**
 * The Stripe adapter against a local HTTP double of the three PaymentIntents endpoints it uses (the SDK takes
 * host, port and protocol), and its webhook check against signatures made by the SDK's own test helper.
 */

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

const WEBHOOK_SECRET = 'whsec_test_double_secret';
const SECRET_KEY = 'sk_test_double';
const sdk = new Stripe(SECRET_KEY);

function paymentIntent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 12_345,
    currency: 'usd',
    client_secret: 'pi_123_secret_abc',
    status: 'requires_payment_method',
    metadata: { paymentId: 'pay-0001', accountNumber: 'BV-1001' },
    last_payment_error: null,
    ...overrides,
  };
}

describe('Stripe payment gateway (PaymentIntents through a local double of api.stripe.com)', () => {
  let server: Server;
  let gateway: PaymentGateway;
  const requests: Recorded[] = [];
  /** What the double answers for GET /v1/payment_intents/:id. */
  let current = paymentIntent();
  let cancelAnswer: { status: number; body: unknown } = { status: 200, body: paymentIntent({ status: 'canceled' }) };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://double');
        const form = new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
        requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
        const json = (status: number, body: unknown) =>
          res
            .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_double' })
            .end(JSON.stringify(body));
        if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
          return json(
            200,
            paymentIntent({
              amount: Number(form.get('amount')),
              metadata: { paymentId: form.get('metadata[paymentId]') },
            }),
          );
        }
        if (req.method === 'GET' && url.pathname === `/v1/payment_intents/${current.id}`) return json(200, current);
        if (req.method === 'POST' && url.pathname === `/v1/payment_intents/${current.id}/cancel`) {
          return json(cancelAnswer.status, cancelAnswer.body);
        }
        json(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${url.pathname}'` } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    gateway = stripePaymentGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_double',
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    current = paymentIntent();
    cancelAnswer = { status: 200, body: paymentIntent({ status: 'canceled' }) };
  });

  it('is the stripe gateway and hands the browser the publishable key', () => {
    expect(gateway.kind).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_double');
  });

  it('creates a PaymentIntent with our payment id as the Idempotency-Key and in its metadata', async () => {
    const intent = await gateway.createIntent({
      paymentId: 'pay-0001',
      amountCents: 12_345,
      currency: 'usd',
      accountNumber: 'BV-1001',
      description: 'Invoices INV-1, INV-2',
      receiptEmail: 'ann@practice.test',
    });
    expect(requests).toHaveLength(1);
    const [create] = requests;
    expect(create!.method).toBe('POST');
    expect(create!.path).toBe('/v1/payment_intents');
    expect(create!.headers['idempotency-key']).toBe('pay-0001');
    expect(create!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(create!.form)).toEqual({
      amount: '12345',
      currency: 'usd',
      description: 'Invoices INV-1, INV-2',
      receipt_email: 'ann@practice.test',
      'metadata[paymentId]': 'pay-0001',
      'metadata[accountNumber]': 'BV-1001',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
    expect(intent).toEqual({
      intentId: 'pi_123',
      clientSecret: 'pi_123_secret_abc',
      status: 'requires_payment_method',
      amountCents: 12_345,
      paymentId: 'pay-0001',
      failureMessage: undefined,
    });
  });

  it('reads a declined intent as waiting for a card, with Stripe’s reason as the failure message', async () => {
    current = paymentIntent({
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    const intent = await gateway.retrieveIntent('pi_123');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_123' });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card has insufficient funds.',
    });
  });

  it('maps Stripe’s statuses onto the port’s, and an unknown one onto a state that settles nothing', async () => {
    const cases: [string, string][] = [
      ['succeeded', 'succeeded'],
      ['processing', 'processing'],
      ['requires_action', 'requires_action'],
      ['requires_confirmation', 'requires_payment_method'],
      ['requires_capture', 'processing'],
      ['canceled', 'canceled'],
      ['something_new', 'processing'],
    ];
    for (const [stripeStatus, portStatus] of cases) {
      current = paymentIntent({ status: stripeStatus });
      expect((await gateway.retrieveIntent('pi_123')).status, stripeStatus).toBe(portStatus);
    }
  });

  it('cancels an intent, and cancelling one already canceled is done, not an error', async () => {
    await gateway.cancelIntent('pi_123');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_intents/pi_123/cancel']);

    requests.length = 0;
    cancelAnswer = {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'already canceled' },
      },
    };
    current = paymentIntent({ status: 'canceled' });
    await expect(gateway.cancelIntent('pi_123')).resolves.toBeUndefined();
  });

  it('refuses to report a paid intent as cancelled', async () => {
    cancelAnswer = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
        },
      },
    };
    current = paymentIntent({ status: 'succeeded' });
    await expect(gateway.cancelIntent('pi_123')).rejects.toThrow(/status of succeeded/);
  });
});

describe('Stripe webhook verification (constructEventAsync, signatures from the SDK’s test helper)', () => {
  const gateway = stripePaymentGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    publishableKey: 'pk_test_double',
  });
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      api_version: null,
      created: 1,
      data: { object },
      livemode: false,
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });

  it('accepts a correctly signed payment_intent.succeeded and maps it to the port’s event', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    await expect(gateway.verifyEvent(payload, sign(payload))).resolves.toEqual({
      eventId: 'evt_1',
      type: 'payment_succeeded',
      intent: {
        intentId: 'pi_123',
        clientSecret: 'pi_123_secret_abc',
        status: 'succeeded',
        amountCents: 12_345,
        paymentId: 'pay-0001',
        failureMessage: undefined,
      },
    });
  });

  it('maps payment_intent.payment_failed with last_payment_error.message as the failure message', async () => {
    const payload = event(
      'payment_intent.payment_failed',
      paymentIntent({ last_payment_error: { type: 'card_error', message: 'Your card was declined.' } }),
    );
    const verified = await gateway.verifyEvent(payload, sign(payload));
    expect(verified.type).toBe('payment_failed');
    expect(verified.intent?.failureMessage).toBe('Your card was declined.');
  });

  it('passes other events on as "other" (a charge has no payment intent to settle)', async () => {
    const payload = event('charge.refunded', { id: 'ch_1', object: 'charge' });
    await expect(gateway.verifyEvent(payload, sign(payload))).resolves.toEqual({
      eventId: 'evt_1',
      type: 'other',
      intent: null,
    });
  });

  it('refuses a tampered body', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    const header = sign(payload);
    const tampered = payload.replace('12345', '1');
    await expect(gateway.verifyEvent(tampered, header)).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a body signed with another secret', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    await expect(gateway.verifyEvent(payload, sign(payload, { secret: 'whsec_someone_else' }))).rejects.toThrow(
      'The webhook signature does not match the body',
    );
  });

  it('refuses a replay: a correct signature older than the tolerance', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    const old = Math.floor(Date.now() / 1000) - Stripe.webhooks.DEFAULT_TOLERANCE - 60;
    await expect(gateway.verifyEvent(payload, sign(payload, { timestamp: old }))).rejects.toThrow(
      'The webhook timestamp is too old (a replay is refused)',
    );
  });

  it('refuses a missing or malformed signature header, and its error carries neither header nor body', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    await expect(gateway.verifyEvent(payload, undefined)).rejects.toThrow(WebhookSignatureError);
    const error = await gateway.verifyEvent(payload, 'garbage').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(Object.keys(error as object)).not.toContain('payload');
    expect(JSON.stringify(error) + String(error)).not.toContain('pi_123');
  });
});
