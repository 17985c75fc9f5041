import { describe, expect, it, vi } from 'vitest';
import { parcelTrackingFromEnv } from '../../../../lambdas/adapters/parcel-tracking-from-env';

/** The stage's parcel tracking from the function's environment; EasyPost's key and secret from one secret, read once. */

const EASYPOST_ENV = {
  PARCEL_TRACKING: 'easypost',
  EASYPOST_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:lenslab/staging/easypost',
};
const SECRET = JSON.stringify({ apiKey: 'EZTKsecretvalue', webhookSecret: 'webhook-secret-value' });
// A signature check fails fast and offline; it proves EasyPost's tracking was built from the secret.
const probe = (tracking: ReturnType<typeof parcelTrackingFromEnv>) =>
  tracking.verifyEvent('{}', { 'x-hmac-signature': 'hmac-sha256-hex=00' });

describe('parcel tracking from the environment', () => {
  it('PARCEL_TRACKING=fake is the fake carrier at FAKE_CARRIER_URL', () => {
    const tracking = parcelTrackingFromEnv({
      PARCEL_TRACKING: 'fake',
      FAKE_CARRIER_URL: 'http://127.0.0.1:4808',
      FAKE_CARRIER_WEBHOOK_SECRET: 'fake-secret',
    });
    expect(tracking.kind).toBe('fake');
  });

  it('refuses a missing or unknown PARCEL_TRACKING and missing settings, naming the variable', () => {
    expect(() => parcelTrackingFromEnv({})).toThrow(/PARCEL_TRACKING/);
    expect(() => parcelTrackingFromEnv({ PARCEL_TRACKING: 'shippo' })).toThrow(/PARCEL_TRACKING/);
    expect(() => parcelTrackingFromEnv({ PARCEL_TRACKING: 'fake' })).toThrow(/FAKE_CARRIER_URL/);
    expect(() => parcelTrackingFromEnv({ PARCEL_TRACKING: 'fake', FAKE_CARRIER_URL: 'http://x' })).toThrow(
      /FAKE_CARRIER_WEBHOOK_SECRET/,
    );
    expect(() => parcelTrackingFromEnv({ PARCEL_TRACKING: 'easypost' })).toThrow(/EASYPOST_SECRET_ARN/);
  });

  it('easypost: the key and webhook secret from the secret, read on first use and once per container', async () => {
    const readSecret = vi.fn(async () => SECRET);
    const tracking = parcelTrackingFromEnv(EASYPOST_ENV, { readSecret });
    expect(tracking.kind).toBe('easypost');
    expect(readSecret).not.toHaveBeenCalled();
    await expect(probe(tracking)).rejects.toThrow(/signature/);
    await expect(probe(tracking)).rejects.toThrow(/signature/);
    expect(readSecret).toHaveBeenCalledTimes(1);
    expect(readSecret).toHaveBeenCalledWith(EASYPOST_ENV.EASYPOST_SECRET_ARN);
  });

  it('a failed secret read is not kept: the next request tries again', async () => {
    const readSecret = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValue(SECRET);
    const tracking = parcelTrackingFromEnv(EASYPOST_ENV, { readSecret });
    await expect(probe(tracking)).rejects.toThrow('throttled');
    await expect(probe(tracking)).rejects.toThrow(/signature/);
    expect(readSecret).toHaveBeenCalledTimes(2);
  });

  it('a bad secret is refused with a message that names the field but never quotes the secret', async () => {
    for (const text of [
      'not json EZAKleak',
      JSON.stringify({ apiKey: 'has leak spaces', webhookSecret: 'x' }),
      JSON.stringify({ apiKey: 'EZAKleakleak', webhookSecret: '' }),
    ]) {
      const tracking = parcelTrackingFromEnv(EASYPOST_ENV, { readSecret: async () => text });
      const error = (await probe(tracking).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/parcel tracking secret/);
      expect(error.message).not.toMatch(/leak/);
    }
  });

  it('without arguments it is one parcel tracking per container', () => {
    const names = ['PARCEL_TRACKING', 'FAKE_CARRIER_URL', 'FAKE_CARRIER_WEBHOOK_SECRET'];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    Object.assign(process.env, {
      PARCEL_TRACKING: 'fake',
      FAKE_CARRIER_URL: 'http://127.0.0.1:4808',
      FAKE_CARRIER_WEBHOOK_SECRET: 'fake-secret',
    });
    try {
      expect(parcelTrackingFromEnv()).toBe(parcelTrackingFromEnv());
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});
