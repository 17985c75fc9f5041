import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../../core/routes';
import { fakePaymentGateway } from '../../../../lambdas/adapters/fake-payment-gateway';
import { stripePaymentGateway } from '../../../../lambdas/adapters/stripe-payment-gateway';
import { signWebhookPayload } from '../../../../lambdas/adapters/webhook-signature';
import { easyPostParcelTracking } from '../../../../lambdas/adapters/easypost-parcel-tracking';
import { signEasyPostPayload } from '../../../../lambdas/adapters/easypost-webhook-signature';
import type { CarrierEvent } from '../../../../lambdas/ports/parcel-tracking';
import { createWebhookHandler } from '../../../../lambdas/http/create-webhook-handler';
import { createLogger } from '../../../../lambdas/http/logger';
import type { GatewayEvent, PaymentGateway } from '../../../../lambdas/ports/payment-gateway';
import { callableEvent } from '../../../support/api-gateway-event';

/**
 * The webhook wrapper (kind 'webhook' routes): the gateway's signature over the raw body is the only
 * authentication; a bad or missing one is a 400 and never reaches the use case; our own failure is a 500
 * (the gateway retries); nothing of the body, the signature or a key reaches the log.
 */

const SECRET = 'whsec_wrapper_test';
const sdk = new Stripe('sk_test_unused');
const payload = JSON.stringify({
  id: 'evt_42',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: {
    object: {
      id: 'pi_42',
      object: 'payment_intent',
      amount: 5000,
      currency: 'usd',
      client_secret: 'pi_42_secret_do_not_log',
      status: 'succeeded',
      metadata: { paymentId: 'pay-42' },
      last_payment_error: null,
    },
  },
});

function webhookEvent(body: string, headers: Record<string, string> = {}, isBase64Encoded = false) {
  const event = callableEvent('paymentWebhook', { body, headers });
  return { ...event, isBase64Encoded } as APIGatewayProxyEventV2;
}

function setup(gateway: PaymentGateway, handle = vi.fn(async (_event: GatewayEvent) => {})) {
  const lines: string[] = [];
  const handler = createWebhookHandler(ROUTES.paymentWebhook, handle, {
    gateway,
    log: createLogger({}, (line) => lines.push(line)),
  });
  const call = async (event: APIGatewayProxyEventV2) => {
    const result = await handler(event);
    return {
      status: result.statusCode,
      body: JSON.parse(result.body ?? '{}') as { error: { status: string; message: string } },
    };
  };
  return { call, handle, lines };
}

const stripe = () =>
  stripePaymentGateway({ secretKey: 'sk_test_x', webhookSecret: SECRET, publishableKey: 'pk_test_x' });

describe('webhook handler wrapper (paymentWebhook)', () => {
  it('hands a correctly signed event to the use case and answers 200', async () => {
    const { call, handle } = setup(stripe());
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const answer = await call(webhookEvent(payload, { 'stripe-signature': header }));
    expect(answer).toEqual({ status: 200, body: { result: { received: true } } });
    expect(handle).toHaveBeenCalledTimes(1);
    expect(handle.mock.calls[0]![0]).toMatchObject({ eventId: 'evt_42', type: 'payment_succeeded' });
  });

  it('reads a base64-encoded body (API Gateway’s binary bodies) as the bytes that were signed', async () => {
    const { call, handle } = setup(stripe());
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const encoded = Buffer.from(payload, 'utf8').toString('base64');
    expect((await call(webhookEvent(encoded, { 'stripe-signature': header }, true))).status).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['missing', {}],
    ['empty', { 'stripe-signature': '' }],
    ['malformed', { 'stripe-signature': 'not a signature' }],
    ['made with another secret', { 'stripe-signature': signWebhookPayload(payload, 'whsec_attacker') }],
  ])('a %s signature is a 400 with a JSON error, and the use case never runs', async (_name, headers) => {
    const { call, handle } = setup(stripe());
    const answer = await call(webhookEvent(payload, headers));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      status: 'invalid-argument',
      message: expect.stringMatching(/signature/),
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it('a tampered body is a 400', async () => {
    const { call, handle } = setup(stripe());
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const answer = await call(webhookEvent(payload.replace('5000', '1'), { 'stripe-signature': header }));
    expect(answer.status).toBe(400);
    expect(handle).not.toHaveBeenCalled();
  });

  it('a replay of an old, correctly signed event is a 400', async () => {
    const { call, handle } = setup(stripe());
    const old = Math.floor(Date.now() / 1000) - 3600;
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: old });
    const answer = await call(webhookEvent(payload, { 'stripe-signature': header }));
    expect(answer).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/replay/) } } });
    expect(handle).not.toHaveBeenCalled();
  });

  it('garbage of any kind is a 400 (never a 5xx): no body, not JSON, a huge body', async () => {
    const { call } = setup(stripe());
    for (const body of ['', 'not json', 'x'.repeat(300 * 1024)]) {
      const header = signWebhookPayload(body, 'whsec_attacker');
      expect((await call(webhookEvent(body, { 'stripe-signature': header }))).status).toBe(400);
    }
  });

  it('works the same with the fake gateway’s signatures (same scheme, same header)', async () => {
    const fake = fakePaymentGateway({ baseUrl: 'http://127.0.0.1:9', webhookSecret: SECRET });
    const { call, handle } = setup(fake);
    const fakeEvent = JSON.stringify({
      id: 'evt_fake_1',
      type: 'payment_intent.payment_failed',
      created: 1,
      data: {
        object: {
          id: 'pi_fake_1',
          clientSecret: 'pi_fake_1_secret_x',
          status: 'requires_payment_method',
          amountCents: 100,
          currency: 'usd',
          paymentId: 'pay-1',
          accountNumber: 'BV-1001',
          description: 'x',
          failureMessage: 'Your card was declined.',
        },
      },
    });
    expect(
      (await call(webhookEvent(fakeEvent, { 'stripe-signature': signWebhookPayload(fakeEvent, SECRET) }))).status,
    ).toBe(200);
    expect(handle.mock.calls[0]![0]).toMatchObject({
      type: 'payment_failed',
      intent: { paymentId: 'pay-1', failureMessage: 'Your card was declined.' },
    });
    expect(
      (await call(webhookEvent(fakeEvent, { 'stripe-signature': signWebhookPayload(fakeEvent, 'x') }))).status,
    ).toBe(400);
  });

  it('a failure of ours is a 500 (the gateway retries), logged with the event id but without body or secrets', async () => {
    const { call, lines } = setup(
      stripe(),
      vi.fn(async () => {
        throw new Error('DynamoDB is unavailable');
      }),
    );
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const answer = await call(webhookEvent(payload, { 'stripe-signature': header }));
    expect(answer.status).toBe(500);
    expect(answer.body.error.status).toBe('internal');
    const log = lines.join('\n');
    expect(log).toContain('evt_42');
    expect(log).toContain('DynamoDB is unavailable');
    for (const secret of ['pi_42_secret_do_not_log', header, SECRET, 'sk_test_x', '"amount"'])
      expect(log).not.toContain(secret);
  });

  it('a gateway that cannot be made (missing configuration) is a 500, not a crash', async () => {
    const lines: string[] = [];
    const handler = createWebhookHandler(ROUTES.paymentWebhook, vi.fn(), {
      gateway: () => {
        throw new Error('Missing environment variable PAYMENT_GATEWAY');
      },
      log: createLogger({}, (line) => lines.push(line)),
    });
    const result = await handler(webhookEvent(payload, { 'stripe-signature': 't=1,v1=00' }));
    expect(result.statusCode).toBe(500);
  });

  it('wraps webhook routes only', () => {
    expect(() => createWebhookHandler(ROUTES.confirmPayment, vi.fn(), { gateway: stripe() })).toThrow(/not a webhook/);
  });
});

describe('webhook handler wrapper with the service’s own check (the parcel-tracking service)', () => {
  const TRACKING_SECRET = 'easypost-webhook-secret';
  const tracker = easyPostParcelTracking({ apiKey: 'EZTK_unused', webhookSecret: TRACKING_SECRET });
  const trackerEvent = JSON.stringify({
    id: 'evt_parcel_1',
    object: 'Event',
    description: 'tracker.updated',
    created_at: '2026-12-03T10:00:00Z',
    result: {
      id: 'trk_1',
      object: 'Tracker',
      tracking_code: '1Z999AA10123456784',
      carrier: 'UPS',
      status: 'delivered',
      updated_at: '2026-12-03T10:00:00Z',
      tracking_details: [{ status: 'delivered', message: 'Delivered', datetime: '2026-12-03T09:58:00Z' }],
    },
  });

  function carrierSetup() {
    const handle = vi.fn(async (_event: CarrierEvent) => {});
    const handler = createWebhookHandler(ROUTES.paymentWebhook, handle, {
      verify: (rawBody, headers) => tracker.verifyEvent(rawBody, headers),
      log: createLogger({}, () => {}),
    });
    return { handler, handle };
  }

  it('hands the headers and raw body to the check and a verified event to the use case', async () => {
    const { handler, handle } = carrierSetup();
    const signature = signEasyPostPayload(trackerEvent, TRACKING_SECRET);
    const result = await handler(webhookEvent(trackerEvent, { 'x-hmac-signature': signature }));
    expect(result.statusCode).toBe(200);
    expect(handle.mock.calls[0]![0]).toMatchObject({
      eventId: 'evt_parcel_1',
      type: 'parcel',
      parcel: { trackingNumber: '1Z999AA10123456784', status: 'delivered' },
    });
  });

  it('a call the check refuses (another secret, no header) is a 400 and never reaches the use case', async () => {
    const { handler, handle } = carrierSetup();
    const forged = signEasyPostPayload(trackerEvent, 'another-secret');
    expect((await handler(webhookEvent(trackerEvent, { 'x-hmac-signature': forged }))).statusCode).toBe(400);
    expect((await handler(webhookEvent(trackerEvent, {}))).statusCode).toBe(400);
    expect(handle).not.toHaveBeenCalled();
  });
});
