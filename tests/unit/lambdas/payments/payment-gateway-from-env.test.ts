import { describe, expect, it, vi } from 'vitest';
import { paymentGatewayFromEnv } from '../../../../lambdas/adapters/payment-gateway-from-env';

/** The stage's gateway from the function's environment; Stripe's keys from one secret, read once. */

const STRIPE_ENV = {
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  PAYMENT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:lenslab/staging/stripe',
};
const SECRET = JSON.stringify({ secretKey: 'sk_test_secret_value', webhookSecret: 'whsec_secret_value' });
// A signature check fails fast and offline; it proves the Stripe gateway was built from the secret.
const probe = (gateway: ReturnType<typeof paymentGatewayFromEnv>) => gateway.verifyEvent('{}', 't=1,v1=00');

describe('payment gateway from the environment', () => {
  it('PAYMENT_GATEWAY=fake is the fake gateway at FAKE_GATEWAY_URL', () => {
    const gateway = paymentGatewayFromEnv({
      PAYMENT_GATEWAY: 'fake',
      FAKE_GATEWAY_URL: 'http://127.0.0.1:4807',
      FAKE_GATEWAY_WEBHOOK_SECRET: 'whsec_fake',
    });
    expect(gateway.kind).toBe('fake');
    expect(gateway.publishableKey).toBeUndefined();
  });

  it('refuses a missing or unknown PAYMENT_GATEWAY and missing settings, naming the variable', () => {
    expect(() => paymentGatewayFromEnv({})).toThrow(/PAYMENT_GATEWAY/);
    expect(() => paymentGatewayFromEnv({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => paymentGatewayFromEnv({ PAYMENT_GATEWAY: 'fake' })).toThrow(/FAKE_GATEWAY_URL/);
    expect(() => paymentGatewayFromEnv({ ...STRIPE_ENV, PAYMENT_SECRET_ARN: '' })).toThrow(/PAYMENT_SECRET_ARN/);
  });

  it('stripe: the publishable key from the environment, the keys from the secret, read once per container', async () => {
    const readSecret = vi.fn(async () => SECRET);
    const gateway = paymentGatewayFromEnv(STRIPE_ENV, { readSecret });
    expect(gateway.kind).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_abc');
    expect(readSecret).not.toHaveBeenCalled();
    await expect(probe(gateway)).rejects.toThrow(/signature/);
    await expect(probe(gateway)).rejects.toThrow(/signature/);
    expect(readSecret).toHaveBeenCalledTimes(1);
    expect(readSecret).toHaveBeenCalledWith(STRIPE_ENV.PAYMENT_SECRET_ARN);
  });

  it('a failed secret read is not kept: the next request tries again', async () => {
    const readSecret = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValue(SECRET);
    const gateway = paymentGatewayFromEnv(STRIPE_ENV, { readSecret });
    await expect(probe(gateway)).rejects.toThrow('throttled');
    await expect(probe(gateway)).rejects.toThrow(/signature/);
    expect(readSecret).toHaveBeenCalledTimes(2);
  });

  it('a bad secret is refused with a message that names the field but never quotes the secret', async () => {
    for (const text of [
      'not json sk_live_leak',
      JSON.stringify({ secretKey: 'oops_leak', webhookSecret: 'whsec_x' }),
    ]) {
      const gateway = paymentGatewayFromEnv(STRIPE_ENV, { readSecret: async () => text });
      const error = (await probe(gateway).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/payment secret/);
      expect(error.message).not.toMatch(/leak/);
    }
  });

  it('refuses a test secret key with a live publishable key (it would take cards nowhere)', async () => {
    const gateway = paymentGatewayFromEnv(
      { ...STRIPE_ENV, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' },
      { readSecret: async () => SECRET },
    );
    await expect(probe(gateway)).rejects.toThrow(/both live or both test/);
  });

  it('without arguments it is one gateway per container', () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      PAYMENT_GATEWAY: 'fake',
      FAKE_GATEWAY_URL: 'http://127.0.0.1:4807',
      FAKE_GATEWAY_WEBHOOK_SECRET: 'whsec_fake',
    });
    try {
      expect(paymentGatewayFromEnv()).toBe(paymentGatewayFromEnv());
    } finally {
      for (const name of ['PAYMENT_GATEWAY', 'FAKE_GATEWAY_URL', 'FAKE_GATEWAY_WEBHOOK_SECRET']) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});
