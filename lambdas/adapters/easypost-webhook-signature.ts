import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError, type WebhookHeaders } from '../ports/parcel-tracking';

/**
 * EasyPost's webhook signature, as its SDK's `Utils.validateWebhook` checks it: the EasyPost adapter and the fake
 * adapter verify with it and the fake carrier signs with it, so a call is refused locally exactly when it would be
 * in production (tests/unit/lambdas/parcels/easypost-webhook-signature.test.ts compares verdicts with the SDK's).
 *
 * Header `X-Hmac-Signature: hmac-sha256-hex=<hex of HMAC-SHA256(key, body)>`, the key being the webhook secret in
 * Unicode NFKD form, UTF-8 encoded. Nothing in it dates the call: EasyPost signs no timestamp, so a replayed call
 * verifies. A replay is caught after the check instead: an event id is applied once, and a parcel never goes back
 * to an older state (the order side's checks).
 */

export const EASYPOST_SIGNATURE_HEADER = 'x-hmac-signature';
const PREFIX = 'hmac-sha256-hex=';

/**
 * EasyPost writes a tracker's weight as a float (`"weight": 136.0`) and signs those bytes; a body that went through
 * JSON.parse and back has lost the `.0`. The SDK puts it back before hashing, and so does this check, so that its
 * verdicts are the SDK's on every body. On the bytes EasyPost sent it changes nothing.
 */
const restoreFloatWeights = (body: string) => body.replace(/("weight":\s*)(\d+)(\s*)(?=,|\})/g, '$1$2.0');

const digestOf = (body: string, secret: string) =>
  createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(restoreFloatWeights(body), 'utf8')
    .digest('hex');

/** The `X-Hmac-Signature` value for a body: what EasyPost sends, and what the fake carrier sends. */
export function signEasyPostPayload(body: string, secret: string): string {
  return `${PREFIX}${digestOf(body, secret)}`;
}

/** The signature header, whatever case its name arrived in; '' counts as absent. */
export function signatureHeaderOf(headers: WebhookHeaders): string | undefined {
  const value =
    headers[EASYPOST_SIGNATURE_HEADER] ??
    Object.entries(headers).find(([name]) => name.toLowerCase() === EASYPOST_SIGNATURE_HEADER)?.[1];
  return value === '' ? undefined : value;
}

/** Throws WebhookSignatureError unless the headers carry EasyPost's signature of `body` with `secret`. */
export function verifyEasyPostSignature(body: string, headers: WebhookHeaders, secret: string): void {
  const given = signatureHeaderOf(headers);
  if (given === undefined) throw new WebhookSignatureError('The webhook signature header is missing');
  const expected = Buffer.from(signEasyPostPayload(body, secret), 'utf8');
  const candidate = Buffer.from(given, 'utf8');
  // The lengths are public (a fixed-size digest); only equal-length values reach the constant-time compare.
  if (candidate.length !== expected.length || !timingSafeEqual(candidate, expected)) {
    throw new WebhookSignatureError('The webhook signature does not match the body');
  }
}
