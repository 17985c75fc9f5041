import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signEasyPostPayload } from '../../lambdas/adapters/easypost-webhook-signature';
import { fakeParcelTracking } from '../../lambdas/adapters/fake-parcel-tracking';
import { getRow, putLensDesign } from '../support/dynamo-rows';
import { testDesign } from '../support/order-fakes';
import { labUser } from '../support/stack-users';
import { uniqueTrackingNumber } from '../support/tracking-fixtures';
import { shippedOrder as shipped } from './helpers/order-flow';

/**
 * The tracking service's webhook through the local stack: the fake carrier posts its signed tracker events to the
 * local API gateway's `/api/carrierWebhook`, which passes them on without a token; the handler checks EasyPost's
 * signature (the run's secret), moves the parcel and delivers the order with its last one. Anything unsigned is a
 * 400; a signed event about no parcel of ours is a 200 that changes nothing.
 */

const LENS_ID = `it-carrier-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await putLensDesign(testDesign({ lensId: LENS_ID }));
});

const webhook = (body: string, signature?: string) =>
  fetch(`${urls.api}/api/carrierWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature && { 'x-hmac-signature': signature }) },
    body,
  });

const trackerEvent = (trackingNumber: string) =>
  JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'Event',
    description: 'tracker.updated',
    result: {
      id: 'trk_integration',
      object: 'Tracker',
      tracking_code: trackingNumber,
      carrier: 'UPS',
      status: 'in_transit',
      tracking_details: [],
      created_at: '2026-12-02T09:00:00Z',
      updated_at: '2026-12-02T10:00:00Z',
    },
    created_at: '2026-12-02T10:00:00Z',
  });

/** A practice's order, placed, approved and shipped with one UPS parcel. */
async function shippedOrder(trackingNumber: string) {
  return (await shipped(await labUser(), LENS_ID, [trackingNumber])).orderId;
}

const advance = (trackingNumber: string, status: string) =>
  fetch(`${urls.fakeCarrier}/fake-carrier/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ trackingNumber, status }),
  });

describe('carrier webhook through the local stack (fake carrier)', () => {
  it('the stack runs the fake carrier and gives the handlers its URL and signing secret', () => {
    expect(env.PARCEL_TRACKING).toBe('fake');
    expect(env.FAKE_CARRIER_URL).toBe(urls.fakeCarrier);
    expect(env.FAKE_CARRIER_WEBHOOK_SECRET).toMatch(/^fake_carrier_[0-9a-f]{48}$/);
  });

  it('a forged or missing signature is a 400 with a JSON error, without a token being asked for', async () => {
    const body = trackerEvent(uniqueTrackingNumber('ups'));
    for (const signature of [undefined, signEasyPostPayload(body, 'forged-secret')]) {
      const answer = await webhook(body, signature);
      expect(answer.status).toBe(400);
      const json = (await answer.json()) as { error: { status: string } };
      expect(json.error).toMatchObject({ status: 'invalid-argument' });
    }
  });

  it('a correctly signed event about a number no order shipped with is received and ignored', async () => {
    const body = trackerEvent(uniqueTrackingNumber('ups'));
    const answer = await webhook(body, signEasyPostPayload(body, env.FAKE_CARRIER_WEBHOOK_SECRET!));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: { received: true } });
  });

  it('the close registers its parcel with the fake carrier (the outbox), whose events move it and deliver the order', async () => {
    const number = uniqueTrackingNumber('ups');
    const orderId = await shippedOrder(number);
    // The outbox consumer (the stack's job timer) creates the tracker and keeps its id on the parcel's index entry.
    let trackerId = '';
    await vi.waitFor(
      async () => {
        const entry = await getRow('counters', { counter: `parcel#ups#${number}` });
        expect(entry?.['trackerId']).toMatch(/^trk_/);
        trackerId = entry!['trackerId'] as string;
      },
      { timeout: 15_000, interval: 200 },
    );
    // The fake carrier has that tracker: registering again (a retried message) answers the same one.
    const tracking = fakeParcelTracking({ baseUrl: urls.fakeCarrier, webhookSecret: env.FAKE_CARRIER_WEBHOOK_SECRET! });
    expect(await tracking.track({ carrier: 'ups', trackingNumber: number, reference: orderId })).toMatchObject({
      trackerId,
    });

    expect((await advance(number, 'in_transit')).status).toBe(200);
    await vi.waitFor(
      async () => {
        const order = await getRow('orders', { orderId });
        expect(order).toMatchObject({ parcels: [{ status: 'in-transit', trackerId }] });
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await advance(number, 'delivered')).status).toBe(200);
    await vi.waitFor(
      async () => {
        const order = await getRow('orders', { orderId });
        expect(order).toMatchObject({ status: 'closed', stage: 'delivered', parcels: [{ status: 'delivered' }] });
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
