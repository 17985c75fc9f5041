import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import { GATEWAY_REFUSED, stripePaymentGateway } from '../../../../lambdas/adapters/stripe-payment-gateway';
import { errorAnswer } from '../../../../lambdas/http/error-response';
import { WebhookSignatureError, type PaymentGateway } from '../../../../lambdas/ports/payment-gateway';

/**
 * The Stripe adapter against a local HTTP double of the three PaymentIntents endpoints it uses (the adapter takes
 * host, port and protocol), and its webhook check against signatures made by the Stripe SDK's own test helper and
 * against the SDK's own verdicts (the SDK is a devDependency: the oracle, not part of any bundle).
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
  /** What the double answers for POST /v1/payment_intents before it creates one, one entry per call. */
  let createFailures: { status: number; body: unknown }[] = [];
  /** What the double answers for POST /v1/refunds (the billing desk's refunds). */
  let refundAnswer: { status: number; body: unknown } = { status: 200, body: {} };

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
          const failure = createFailures.shift();
          if (failure) return json(failure.status, failure.body);
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
        if (req.method === 'POST' && url.pathname === '/v1/refunds')
          return json(refundAnswer.status, refundAnswer.body);
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
    createFailures = [];
  });

  const createRequest = {
    paymentId: 'pay-0001',
    amountCents: 12_345,
    currency: 'usd',
    accountNumber: 'BV-1001',
    description: 'Invoices INV-1, INV-2',
  } as const;

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

  it('a create that failed on Stripe’s side is tried again once, with the same Idempotency-Key and parameters', async () => {
    createFailures = [{ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }];
    await expect(gateway.createIntent(createRequest)).resolves.toMatchObject({ intentId: 'pi_123' });
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['pay-0001', 'pay-0001']);
    expect(requests[1]!.form.toString()).toBe(requests[0]!.form.toString());
  });

  it('a create Stripe refuses (a card error, an idempotency conflict) is not retried and fails with Stripe’s message', async () => {
    const refusals = [
      {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      },
      {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        },
      },
    ];
    for (const refusal of refusals) {
      requests.length = 0;
      createFailures = [refusal];
      await expect(gateway.createIntent(createRequest)).rejects.toThrow(refusal.body.error.message);
      expect(requests).toHaveLength(1);
    }
  });

  it('Stripe’s invalid_request_error is a 400 with Stripe’s reason, never a 500 (docs/decisions/0089-card-payments-under-the-minimum-or-refused.md)', async () => {
    const message = 'Amount must be at least $0.50 usd';
    createFailures = [
      { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_small', message } } },
    ];
    const error = await gateway.createIntent(createRequest).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(errorAnswer(error, 'c-1')).toMatchObject({
      statusCode: 400,
      body: { error: { status: 'invalid-argument', message: `${GATEWAY_REFUSED} ${message}` } },
    });
    expect(requests).toHaveLength(1);

    const unknown = await gateway.retrieveIntent('pi_unknown').catch((e: unknown) => e);
    expect(errorAnswer(unknown, 'c-2').statusCode).toBe(400);
  });

  it('cancels with an Idempotency-Key of its own, so a retried cancel is applied once', async () => {
    await gateway.cancelIntent('pi_123');
    expect(requests[0]!.headers['idempotency-key']).toEqual(expect.any(String));
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

  it('cancels an intent, and canceling one already canceled is done, not an error', async () => {
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

  it('refuses to report a paid intent as canceled', async () => {
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

  describe('refunds and disputes (the billing desk)', () => {
    const refundRequest = { refundId: 'rf-0001', intentId: 'pi_123', amountCents: 2_500, paymentId: 'pay-0001' };

    it('refunds with our refund id as the Idempotency-Key and in the metadata', async () => {
      refundAnswer = { status: 200, body: { id: 're_1', object: 'refund', amount: 2_500, status: 'succeeded' } };
      await expect(gateway.refund(refundRequest)).resolves.toEqual({
        gatewayRefundId: 're_1',
        status: 'succeeded',
        amountCents: 2_500,
        failureMessage: undefined,
      });
      const [sent] = requests;
      expect(sent!.path).toBe('/v1/refunds');
      expect(sent!.headers['idempotency-key']).toBe('rf-0001');
      expect(Object.fromEntries(sent!.form)).toEqual({
        payment_intent: 'pi_123',
        amount: '2500',
        'metadata[refundId]': 'rf-0001',
        'metadata[paymentId]': 'pay-0001',
      });
    });

    it('counts a pending refund as issued and a failed one as nothing moved', async () => {
      refundAnswer = { status: 200, body: { id: 're_2', amount: 2_500, status: 'pending' } };
      expect((await gateway.refund(refundRequest)).status).toBe('pending');
      refundAnswer = {
        status: 200,
        body: { id: 're_3', amount: 2_500, status: 'failed', failure_reason: 'expired_or_canceled_card' },
      };
      expect(await gateway.refund(refundRequest)).toMatchObject({
        status: 'failed',
        failureMessage: 'The refund failed (expired_or_canceled_card).',
      });
    });

    it('answers Stripe’s refusal of a refund (more than is left) as a 400 with its reason, not a 500', async () => {
      const message = 'Refund amount ($25.00) is greater than unrefunded amount on charge ($10.00)';
      refundAnswer = {
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message } },
      };
      const error = await gateway.refund(refundRequest).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(errorAnswer(error, 'c-3').statusCode).toBe(400);
      expect((error as AppError).message).toBe(`${GATEWAY_REFUSED} ${message}`);
    });
  });
});

describe('Stripe webhook verification (signatures from the SDK’s test helper, verdicts as the SDK’s)', () => {
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

  it('maps charge.dispute.created and charge.dispute.closed (SDK-signed) to dispute events of the disputed intent', async () => {
    const dispute = (status: string) => ({
      id: 'dp_1',
      object: 'dispute',
      amount: 12_345,
      payment_intent: 'pi_123',
      reason: 'fraudulent',
      status,
    });
    const opened = event('charge.dispute.created', dispute('needs_response'));
    await expect(gateway.verifyEvent(opened, sign(opened))).resolves.toEqual({
      eventId: 'evt_1',
      type: 'dispute_opened',
      intent: null,
      dispute: { disputeId: 'dp_1', intentId: 'pi_123', amountCents: 12_345, reason: 'fraudulent', status: 'open' },
    });
    for (const [stripeStatus, ours] of [
      ['won', 'won'],
      ['warning_closed', 'won'],
      ['lost', 'lost'],
    ]) {
      const closed = event('charge.dispute.closed', dispute(stripeStatus!));
      const verified = await gateway.verifyEvent(closed, sign(closed));
      expect(verified.type).toBe('dispute_closed');
      expect(verified.dispute?.status).toBe(ours);
    }
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

  it('accepts a header with several v1 signatures when one of them matches (a secret being rolled)', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    const t = Math.floor(Date.now() / 1000);
    const v1 = (secret: string) => sign(payload, { secret, timestamp: t }).split(',')[1]!;
    const rolled = `t=${t},${v1('whsec_old_secret')},${v1(WEBHOOK_SECRET)}`;
    await expect(gateway.verifyEvent(payload, rolled)).resolves.toMatchObject({ eventId: 'evt_1' });
    const neither = `t=${t},${v1('whsec_old_secret')},${v1('whsec_other_secret')}`;
    await expect(gateway.verifyEvent(payload, neither)).rejects.toThrow(WebhookSignatureError);
  });

  it('accepts and refuses exactly the headers the SDK’s constructEvent accepts and refuses', async () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));
    const now = Math.floor(Date.now() / 1000);
    const good = sign(payload, { timestamp: now });
    const [, goodV1] = good.split(',');
    const cases: [header: string, accepted: boolean][] = [
      [good, true],
      [sign(payload, { timestamp: now - Stripe.webhooks.DEFAULT_TOLERANCE + 5 }), true],
      [sign(payload, { timestamp: now - Stripe.webhooks.DEFAULT_TOLERANCE - 5 }), false],
      // Only age counts: a sender's clock ahead of ours is not a replay.
      [sign(payload, { timestamp: now + 600 }), true],
      [sign(payload, { secret: 'whsec_other' }), false],
      [`${good},v1=${'0'.repeat(64)}`, true],
      [`t=${now},v1=${'0'.repeat(64)},${goodV1}`, true],
      [good.replace('v1=', 'v0='), false],
      [sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, scheme: 'v0' }), false],
      [goodV1!, false],
      [`t=${now - 1},${goodV1}`, false],
      [good.slice(0, -1), false],
      ['garbage', false],
    ];
    for (const [header, accepted] of cases) {
      const verdictOf = (check: Promise<unknown>) =>
        check.then(
          () => true,
          () => false,
        );
      const sdkVerdict = await verdictOf(sdk.webhooks.constructEventAsync(payload, header, WEBHOOK_SECRET));
      const ours = await verdictOf(gateway.verifyEvent(payload, header));
      expect({ sdkVerdict, ours }, header).toEqual({ sdkVerdict: accepted, ours: accepted });
    }
  });

  it('refuses a correctly signed body that is not an event, with our message', async () => {
    for (const payload of ['not json', 'null', '{"type":"payment_intent.succeeded"}']) {
      await expect(gateway.verifyEvent(payload, sign(payload))).rejects.toThrow(
        new WebhookSignatureError('The webhook body is not a valid event'),
      );
    }
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
