import { describe, expect, it } from 'vitest';
import { signWithSecrets, verifyWebhookSignature } from '../../../../lambdas/adapters/webhook-signature';

/** docs/decisions/0105-outgoing-webhooks.md: Stripe's scheme, one v1 per secret that signs. */
describe('outgoing webhook signatures', () => {
  const body = JSON.stringify({ id: 'evt-1', type: 'order.approved', createdAt: '2026-12-03T12:00:00.000Z', data: {} });
  const now = 1_800_000_000;

  it('a receiver that knows the one secret verifies the header', () => {
    const header = signWithSecrets(body, ['whsec_current'], now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(() => verifyWebhookSignature(body, header, 'whsec_current', { now })).not.toThrow();
  });

  it('while a secret is rotated, the header carries both and either secret verifies it', () => {
    const header = signWithSecrets(body, ['whsec_new', 'whsec_old'], now);
    expect(header.split(',').filter((p) => p.startsWith('v1='))).toHaveLength(2);
    expect(() => verifyWebhookSignature(body, header, 'whsec_new', { now })).not.toThrow();
    expect(() => verifyWebhookSignature(body, header, 'whsec_old', { now })).not.toThrow();
  });

  it('a secret that does not sign, a changed body or an old timestamp is refused', () => {
    const header = signWithSecrets(body, ['whsec_new'], now);
    expect(() => verifyWebhookSignature(body, header, 'whsec_other', { now })).toThrow(/does not match/);
    expect(() => verifyWebhookSignature(`${body} `, header, 'whsec_new', { now })).toThrow(/does not match/);
    expect(() => verifyWebhookSignature(body, header, 'whsec_new', { now: now + 301 })).toThrow(/too old/);
  });

  it('matches an independent HMAC-SHA256 of "t.body"', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', 's').update(`${now}.${body}`).digest('hex');
    expect(signWithSecrets(body, ['s'], now)).toBe(`t=${now},v1=${expected}`);
  });
});
