import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../ports/payment-gateway';

/**
 * Stripe's webhook signature scheme, as stripe-node's `webhooks.constructEvent` checks it: the Stripe adapter and
 * the fake adapter verify with it and the fake service signs with it, so a webhook is refused locally exactly when
 * it is refused in production (tests/unit/lambdas/payments/stripe-gateway.test.ts and fake-gateway.test.ts compare
 * it with the SDK's verdicts and signatures).
 *
 * Header `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; several v1 entries may be present
 * (Stripe sends one per active secret while a secret is rolled).
 */

/** Stripe's default: an event signed more than five minutes ago is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const signatureOf = (payload: string, secret: string, timestamp: number) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');

/** The `stripe-signature` header value for a payload. */
export function signWebhookPayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${signatureOf(payload, secret, timestamp)}`;
}

/**
 * The signature header of the portal's own outgoing webhooks: one `v1` per secret that signs now (the current
 * one, and one rotated out within its overlap), so a receiver that knows either accepts it, as Stripe's does
 * while a secret is rolled (docs/decisions/0105-outgoing-webhooks.md).
 */
export function signWithSecrets(payload: string, secrets: readonly string[], timestamp = nowSeconds()): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signatureOf(payload, secret, timestamp)}`)].join(',');
}

/** Throws WebhookSignatureError unless `header` signs `payload` with `secret` within the tolerance. */
export function verifyWebhookSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): void {
  if (!header) throw new WebhookSignatureError('The webhook signature header is missing');
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't') timestamp = /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
    else if (key === 'v1') signatures.push(value);
  }
  if (Number.isNaN(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('The webhook signature header is not valid');
  }
  const expected = Buffer.from(signatureOf(payload, secret, timestamp), 'utf8');
  const matches = signatures.some((given) => {
    const candidate = Buffer.from(given, 'utf8');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  if (!matches) throw new WebhookSignatureError('The webhook signature does not match the body');
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  // As Stripe: only age counts (a clock slightly ahead is not a replay).
  if (tolerance > 0 && (options.now ?? nowSeconds()) - timestamp > tolerance) {
    throw new WebhookSignatureError('The webhook timestamp is too old (a replay is refused)');
  }
}
