import EasyPostClient from '@easypost/api';
import { describe, expect, it } from 'vitest';
import { signEasyPostPayload, verifyEasyPostSignature } from '../../../../lambdas/adapters/easypost-webhook-signature';
import { WebhookSignatureError, type WebhookHeaders } from '../../../../lambdas/ports/parcel-tracking';

/**
 * EasyPost's webhook signature against its own SDK (`Utils.validateWebhook`, a devDependency: the oracle, never
 * bundled): on every body, secret and header below, this check accepts exactly what the SDK accepts, and what this
 * module signs the SDK verifies. So the fake carrier's events are refused locally exactly when EasyPost's would be.
 */

const sdk = new EasyPostClient('EZTKunused');
const SECRET = 'lab-webhook-secret';

/** A tracker.updated Event as EasyPost writes it: a float weight keeps its `.0`. */
const eventBody = (weight = '136.0') =>
  `{"id":"evt_1","object":"Event","mode":"test","description":"tracker.updated","result":{"id":"trk_1",` +
  `"object":"Tracker","tracking_code":"9400100000000000000001","carrier":"USPS","status":"delivered",` +
  `"weight": ${weight},"tracking_details":[{"message":"Delivered, In/At Mailbox","status":"delivered",` +
  `"datetime":"2026-11-20T15:04:05Z"}],"updated_at":"2026-11-20T15:04:06Z"},"created_at":"2026-11-20T15:04:07Z"}`;

const sdkAccepts = (body: string, headers: Record<string, string>, secret: string) => {
  try {
    sdk.Utils.validateWebhook(Buffer.from(body, 'utf8'), headers, secret);
    return true;
  } catch {
    return false;
  }
};
const weAccept = (body: string, headers: WebhookHeaders, secret: string) => {
  try {
    verifyEasyPostSignature(body, headers, secret);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return false;
  }
};
/** Both verdicts, which must agree; the test then states which one it is. */
const verdict = (body: string, headers: Record<string, string>, secret: string) => {
  const ours = weAccept(body, headers, secret);
  expect(ours, `our verdict differs from the SDK's on ${JSON.stringify(headers)}`).toBe(
    sdkAccepts(body, headers, secret),
  );
  return ours;
};
const signed = (body: string, secret = SECRET) => ({ 'x-hmac-signature': signEasyPostPayload(body, secret) });

describe('EasyPost webhook signature (checked against the EasyPost SDK)', () => {
  it('signs as `hmac-sha256-hex=` and 64 hex digits, and the SDK verifies what it signs', () => {
    const header = signEasyPostPayload(eventBody(), SECRET);
    expect(header).toMatch(/^hmac-sha256-hex=[0-9a-f]{64}$/);
    expect(verdict(eventBody(), { 'x-hmac-signature': header }, SECRET)).toBe(true);
    expect(verdict(eventBody(), { 'X-Hmac-Signature': header }, SECRET)).toBe(true);
  });

  it('refuses a tampered body, as the SDK does', () => {
    const headers = signed(eventBody());
    expect(verdict(eventBody().replace('"delivered"', '"in_transit"'), headers, SECRET)).toBe(false);
    expect(verdict(`${eventBody()} `, headers, SECRET)).toBe(false);
  });

  it('refuses another secret, as the SDK does', () => {
    expect(verdict(eventBody(), signed(eventBody()), 'another-secret')).toBe(false);
    expect(verdict(eventBody(), signed(eventBody(), 'another-secret'), SECRET)).toBe(false);
  });

  it('refuses a missing header, an empty one and malformed ones, as the SDK does', () => {
    const digest = signEasyPostPayload(eventBody(), SECRET).slice('hmac-sha256-hex='.length);
    for (const headers of [
      {} as Record<string, string>,
      { 'x-hmac-signature': '' },
      { 'x-hmac-signature': digest },
      { 'x-hmac-signature': `hmac-sha256-hex=${digest.toUpperCase()}` },
      { 'x-hmac-signature': `hmac-sha256-hex=${digest.slice(0, 63)}` },
      { 'x-hmac-signature': `hmac-sha256-hex=${digest}0` },
      { 'x-hmac-signature': `sha256=${digest}` },
      { 'stripe-signature': `hmac-sha256-hex=${digest}` },
    ]) {
      expect(verdict(eventBody(), headers, SECRET)).toBe(false);
    }
    expect(() => verifyEasyPostSignature(eventBody(), {}, SECRET)).toThrow(/missing/);
  });

  it('takes the secret in NFKD form: composed, decomposed and compatibility spellings sign alike', () => {
    const composed = 's\u00e9cret \ufb01le';
    const decomposed = 'se\u0301cret file';
    const headers = signed(eventBody(), composed);
    expect(verdict(eventBody(), headers, composed)).toBe(true);
    expect(verdict(eventBody(), headers, decomposed)).toBe(true);
    expect(signEasyPostPayload(eventBody(), decomposed)).toBe(headers['x-hmac-signature']);
    expect(verdict(eventBody(), headers, 'secret file')).toBe(false);
  });

  it('a whole weight that lost its .0 in a JSON round trip still verifies, as the SDK allows', () => {
    const headers = signed(eventBody('136.0'));
    expect(verdict(eventBody('136'), headers, SECRET)).toBe(true);
    expect(verdict(eventBody('136.5'), signed(eventBody('136.5')), SECRET)).toBe(true);
    expect(verdict(eventBody('null'), signed(eventBody('null')), SECRET)).toBe(true);
    // Another number is another body.
    expect(verdict(eventBody('137'), headers, SECRET)).toBe(false);
  });

  it('signs no time, so a replayed call verifies: replays are caught by the event id and the stale-state check', () => {
    const headers = signed(eventBody());
    expect(verdict(eventBody(), headers, SECRET)).toBe(true);
    expect(verdict(eventBody(), headers, SECRET)).toBe(true);
  });
});
