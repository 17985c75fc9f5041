import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import { describe, expect, it } from 'vitest';
import { fakePaymentGateway } from '../../lambdas/adapters/fake-payment-gateway';
import { signWebhookPayload } from '../../lambdas/adapters/webhook-signature';

/**
 * The card gateway's webhook through the local stack: the local API gateway passes `/api/paymentWebhook` on
 * without a token, the handler checks the fake gateway's signature (Stripe's scheme, the run's secret) and
 * refuses anything else with a 400.
 */

const webhook = (body: string, signature?: string) =>
  fetch(`${urls.api}/api/paymentWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature && { 'stripe-signature': signature }) },
    body,
  });

const eventFor = (intent: { id: string; clientSecret: string; amountCents: number; paymentId: string }) =>
  JSON.stringify({
    id: 'evt_fake_integration',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { ...intent, status: 'succeeded', currency: 'usd', accountNumber: 'BV-1001', description: 'x' },
    },
  });

describe('payment webhook through the local stack (fake gateway)', () => {
  it('the stack runs the fake gateway and gives the handlers its URL and signing secret', async () => {
    expect(env.PAYMENT_GATEWAY).toBe('fake');
    expect(env.FAKE_GATEWAY_URL).toBe(urls.fakeGateway);
    expect(env.FAKE_GATEWAY_WEBHOOK_SECRET).toMatch(/^whsec_fake_/);
    const gateway = fakePaymentGateway({ baseUrl: urls.fakeGateway, webhookSecret: env.FAKE_GATEWAY_WEBHOOK_SECRET! });
    const intent = await gateway.createIntent({
      paymentId: 'pay-integration-0001',
      amountCents: 100,
      currency: 'usd',
      accountNumber: 'BV-1001',
      description: 'Integration',
    });
    expect(intent.status).toBe('requires_payment_method');
  });

  it('a forged or missing signature is a 400 with a JSON error, without a token being asked for', async () => {
    const body = eventFor({ id: 'pi_fake_x', clientSecret: 's', amountCents: 100, paymentId: 'pay-x' });
    for (const signature of [undefined, signWebhookPayload(body, 'whsec_forged')]) {
      const answer = await webhook(body, signature);
      expect(answer.status).toBe(400);
      const json = (await answer.json()) as { error: { status: string; message: string } };
      expect(json.error).toMatchObject({ status: 'invalid-argument', message: expect.stringMatching(/signature/) });
    }
  });

  it('a correctly signed event for a payment the portal does not know is received and changes nothing', async () => {
    const body = eventFor({
      id: 'pi_fake_unknown',
      clientSecret: 's',
      amountCents: 100,
      paymentId: 'pay-unknown-0001',
    });
    const answer = await webhook(body, signWebhookPayload(body, env.FAKE_GATEWAY_WEBHOOK_SECRET!));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: { received: true } });
  });
});
