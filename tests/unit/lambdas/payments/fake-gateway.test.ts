import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../../core/rules/test-cards';
import { fakePaymentGateway } from '../../../../lambdas/adapters/fake-payment-gateway';
import {
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../../../../lambdas/adapters/webhook-signature';
import { WebhookSignatureError, type PaymentGateway } from '../../../../lambdas/ports/payment-gateway';
import { startFakeGateway, type FakeGatewayServer } from '../../../../local/fake-gateway/fake-gateway-server';

/**
 * The fake card gateway (local stack, tests): the service in local/fake-gateway and its adapter, through the
 * same port as Stripe. Stripe's test cards, idempotent creates, and webhook events signed exactly as Stripe
 * signs them (checked with the Stripe SDK itself).
 */

const WEBHOOK_SECRET = 'whsec_fake_unit_test';
const sdk = new Stripe('sk_test_unused');
const CARD = { expiry: '12/39', cvc: '123' };

interface Delivered {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('fake card gateway', () => {
  let fake: FakeGatewayServer;
  let receiver: Server;
  let gateway: PaymentGateway;
  const delivered: Delivered[] = [];
  const logs: string[] = [];
  let paymentNumber = 0;

  const newIntent = (amountCents = 5_000) =>
    gateway.createIntent({
      paymentId: `pay-${++paymentNumber}`,
      amountCents,
      currency: 'usd',
      accountNumber: 'BV-1001',
      description: 'Invoices INV-1',
    });
  const confirm = async (clientSecret: string, card: { cardNumber: string; expiry?: string; cvc?: string }) => {
    const response = await fetch(`${fake.url}/fake-gateway/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret, ...CARD, ...card }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { status?: string; error: { type: string; message: string } },
    };
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        delivered.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{"received":true}}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    fake = await startFakeGateway({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/api/paymentWebhook`,
      log: (line) => logs.push(line),
    });
    gateway = fakePaymentGateway({ baseUrl: fake.url, webhookSecret: WEBHOOK_SECRET });
  });
  afterAll(async () => {
    await fake?.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
  beforeEach(() => {
    delivered.length = 0;
    logs.length = 0;
  });

  it('is the fake gateway, with no publishable key', () => {
    expect(gateway.kind).toBe('fake');
    expect(gateway.publishableKey).toBeUndefined();
  });

  it('4242 4242 4242 4242 succeeds: the intent is paid and a signed payment_intent.succeeded follows', async () => {
    const intent = await newIntent(7_500);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 7_500,
      paymentId: `pay-${paymentNumber}`,
    });
    expect(await confirm(intent.clientSecret, { cardNumber: '4242 4242 4242 4242' })).toEqual({
      status: 200,
      body: { status: 'succeeded' },
    });
    expect(await gateway.retrieveIntent(intent.intentId)).toMatchObject({
      status: 'succeeded',
      failureMessage: undefined,
    });
    await fake.idle();
    expect(delivered).toHaveLength(1);
    const event = await gateway.verifyEvent(delivered[0]!.body, delivered[0]!.headers['stripe-signature'] as string);
    expect(event).toMatchObject({
      type: 'payment_succeeded',
      intent: { intentId: intent.intentId, status: 'succeeded', amountCents: 7_500, paymentId: intent.paymentId },
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4111 1111 1111 1111', 'Your card number is incorrect.'],
  ])('%s is declined with Stripe’s reason; the intent waits for another card', async (cardNumber, message) => {
    const intent = await newIntent();
    const answer = await confirm(intent.clientSecret, { cardNumber });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ status: 'requires_payment_method', error: { type: 'card_error', message } });
    expect(await gateway.retrieveIntent(intent.intentId)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: message,
    });
    await fake.idle();
    const event = await gateway.verifyEvent(delivered[0]!.body, delivered[0]!.headers['stripe-signature'] as string);
    expect(event).toMatchObject({
      type: 'payment_failed',
      intent: { intentId: intent.intentId, failureMessage: message },
    });
  });

  it('a declined intent can still be paid with another card, which clears the decline', async () => {
    const intent = await newIntent();
    await confirm(intent.clientSecret, { cardNumber: '4000000000000002' });
    expect((await confirm(intent.clientSecret, { cardNumber: '4242424242424242' })).status).toBe(200);
    expect(await gateway.retrieveIntent(intent.intentId)).toMatchObject({
      status: 'succeeded',
      failureMessage: undefined,
    });
  });

  it('the three published test numbers are the ones the form lists', () => {
    expect(TEST_CARDS.map((c) => [c.number, c.decline?.message ?? null])).toEqual([
      ['4242424242424242', null],
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ]);
  });

  it('incomplete card details are refused before any charge: the intent is unchanged and no event is sent', async () => {
    const intent = await newIntent();
    for (const card of [
      { cardNumber: '4242424242424242', expiry: '13/30' },
      { cardNumber: '4242424242424242', expiry: '01/20' },
      { cardNumber: '4242424242424242', cvc: '1' },
      { cardNumber: '' },
    ]) {
      const answer = await confirm(intent.clientSecret, card);
      expect(answer.status, JSON.stringify(card)).toBe(400);
      expect(answer.body.error.type).toBe('validation_error');
    }
    expect(await gateway.retrieveIntent(intent.intentId)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: undefined,
    });
    await fake.idle();
    expect(delivered).toEqual([]);
  });

  it('a paid or canceled intent cannot be confirmed again; an unknown client secret is refused', async () => {
    const paid = await newIntent();
    await confirm(paid.clientSecret, { cardNumber: '4242424242424242' });
    expect((await confirm(paid.clientSecret, { cardNumber: '4242424242424242' })).status).toBe(400);

    const dropped = await newIntent();
    await gateway.cancelIntent(dropped.intentId);
    expect(await gateway.retrieveIntent(dropped.intentId)).toMatchObject({ status: 'canceled' });
    expect((await confirm(dropped.clientSecret, { cardNumber: '4242424242424242' })).status).toBe(400);
    // Cancelling twice is fine; cancelling a paid intent is not.
    await expect(gateway.cancelIntent(dropped.intentId)).resolves.toBeUndefined();
    await expect(gateway.cancelIntent(paid.intentId)).rejects.toThrow(/status of succeeded/);

    expect((await confirm(`${paid.clientSecret}x`, { cardNumber: '4242424242424242' })).status).toBe(404);
  });

  it('20 concurrent creates with one payment id make one intent', async () => {
    const request = {
      paymentId: 'pay-concurrent',
      amountCents: 1_234,
      currency: 'usd' as const,
      accountNumber: 'BV-1001',
      description: 'Invoices INV-9',
    };
    const intents = await Promise.all(Array.from({ length: 20 }, () => gateway.createIntent(request)));
    expect(new Set(intents.map((i) => i.intentId)).size).toBe(1);
    expect(new Set(intents.map((i) => i.clientSecret)).size).toBe(1);
    // As Stripe: the same key with other parameters is an error, not a second intent.
    await expect(gateway.createIntent({ ...request, amountCents: 9_999 })).rejects.toThrow(/same parameters/);
  });

  it('its events carry Stripe’s signature scheme: the Stripe SDK verifies them with the same secret', async () => {
    const intent = await newIntent();
    await confirm(intent.clientSecret, { cardNumber: '4242424242424242' });
    await fake.idle();
    const { headers, body } = delivered[0]!;
    expect(headers['content-type']).toMatch(/^application\/json/);
    const signature = headers['stripe-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await sdk.webhooks.constructEventAsync(body, signature, WEBHOOK_SECRET);
    expect(event.type).toBe('payment_intent.succeeded');
    await expect(sdk.webhooks.constructEventAsync(body, signature, 'whsec_other')).rejects.toThrow();
  });

  it('never logs or sends a card number', async () => {
    const intent = await newIntent();
    await confirm(intent.clientSecret, { cardNumber: '4000000000009995' });
    // A malformed body: JSON.parse's message would quote it; the answer must not.
    const malformed = await fetch(`${fake.url}/fake-gateway/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"cardNumber":"4000000000009995",',
    });
    expect(malformed.status).toBe(400);
    await fake.idle();
    const seen = [...logs, ...delivered.map((d) => d.body), await malformed.text()].join('\n');
    expect(seen).not.toContain('4000000000009995');
    expect(seen).not.toContain('9995');
  });

  it('serves the browser only below /fake-gateway/ and takes JSON only there (no cross-origin simple POST)', async () => {
    const intent = await newIntent();
    const form = await fetch(`${fake.url}/fake-gateway/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242', ...CARD }),
    });
    expect(form.status).toBe(415);
    expect((await fetch(`${fake.url}/fake-gateway/v1/intents`, { method: 'GET' })).status).toBe(404);
  });

  describe('refunds and disputes (the billing desk)', () => {
    const paidIntent = async (amountCents: number) => {
      const intent = await newIntent(amountCents);
      await confirm(intent.clientSecret, { cardNumber: '4242 4242 4242 4242' });
      await fake.idle();
      delivered.length = 0;
      return intent;
    };
    const raise = async (path: string, body: unknown) => {
      const response = await fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it('refunds once per refund id, and never beyond what the intent captured (a 400 with Stripe’s wording)', async () => {
      const intent = await paidIntent(5_000);
      const request = { refundId: 'rf-1', intentId: intent.intentId, amountCents: 3_000, paymentId: intent.paymentId };
      const first = await gateway.refund(request);
      expect(first).toMatchObject({ status: 'succeeded', amountCents: 3_000 });
      expect(await gateway.refund(request)).toEqual(first);
      await expect(gateway.refund({ ...request, refundId: 'rf-2', amountCents: 2_001 })).rejects.toMatchObject({
        status: 'invalid-argument',
        message: expect.stringContaining('greater than unrefunded amount on charge ($20.00)'),
      });
      await expect(gateway.refund({ ...request, refundId: 'rf-3', amountCents: 2_000 })).resolves.toMatchObject({
        status: 'succeeded',
      });
    });

    it('raises a chargeback and decides it, each as a signed Stripe-named event the adapter reads', async () => {
      const intent = await paidIntent(4_200);
      const opened = await raise(`/v1/intents/${intent.intentId}/dispute`, { reason: 'product_not_received' });
      expect(opened.status).toBe(200);
      await fake.idle();
      const first = await gateway.verifyEvent(delivered[0]!.body, delivered[0]!.headers['stripe-signature'] as string);
      expect(first).toMatchObject({
        type: 'dispute_opened',
        dispute: { intentId: intent.intentId, amountCents: 4_200, reason: 'product_not_received', status: 'open' },
      });
      // Stripe refuses to refund a disputed charge; so does the fake.
      await expect(
        gateway.refund({ refundId: 'rf-d', intentId: intent.intentId, amountCents: 100, paymentId: intent.paymentId }),
      ).rejects.toMatchObject({ status: 'invalid-argument' });
      expect((await raise(`/v1/disputes/${String(opened.body['id'])}/close`, { outcome: 'lost' })).status).toBe(200);
      await fake.idle();
      const second = await gateway.verifyEvent(delivered[1]!.body, delivered[1]!.headers['stripe-signature'] as string);
      expect(second).toMatchObject({ type: 'dispute_closed', dispute: { status: 'lost' } });
    });
  });
});

describe('the shared webhook signature helper (Stripe’s scheme)', () => {
  const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } });

  it('accepts what the Stripe SDK’s test helper signs', () => {
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(() => verifyWebhookSignature(payload, header, WEBHOOK_SECRET)).not.toThrow();
  });

  it('accepts a header with several v1 signatures when one matches (a secret being rolled)', () => {
    const t = Math.floor(Date.now() / 1000);
    const good = signWebhookPayload(payload, WEBHOOK_SECRET, t).split(',')[1]!;
    expect(() => verifyWebhookSignature(payload, `t=${t},v1=${'0'.repeat(64)},${good}`, WEBHOOK_SECRET)).not.toThrow();
  });

  it('refuses a tampered body, another secret, a malformed header and a missing one', () => {
    const header = signWebhookPayload(payload, WEBHOOK_SECRET);
    expect(() => verifyWebhookSignature(`${payload} `, header, WEBHOOK_SECRET)).toThrow(WebhookSignatureError);
    expect(() => verifyWebhookSignature(payload, header, 'whsec_other')).toThrow(WebhookSignatureError);
    expect(() => verifyWebhookSignature(payload, 'v1=abc', WEBHOOK_SECRET)).toThrow(WebhookSignatureError);
    expect(() => verifyWebhookSignature(payload, undefined, WEBHOOK_SECRET)).toThrow(WebhookSignatureError);
  });

  it('refuses a replay older than Stripe’s tolerance, as the SDK does', async () => {
    const old = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 1;
    const header = signWebhookPayload(payload, WEBHOOK_SECRET, old);
    expect(() => verifyWebhookSignature(payload, header, WEBHOOK_SECRET)).toThrow(/too old/);
    await expect(sdk.webhooks.constructEventAsync(payload, header, WEBHOOK_SECRET)).rejects.toThrow(/tolerance/);
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(Stripe.webhooks.DEFAULT_TOLERANCE);
  });
});
