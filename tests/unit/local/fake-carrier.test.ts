import EasyPostClient from '@easypost/api';
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../core/errors';
import { fakeParcelTracking } from '../../../lambdas/adapters/fake-parcel-tracking';
import type { CarrierEvent, ParcelTracking } from '../../../lambdas/ports/parcel-tracking';
import { FOREIGN_HOST_MESSAGE } from '../../../local/process/host-check';
import {
  FAKE_CARRIER_ADVANCE_PATH,
  FAKE_CARRIER_STEP_MS,
  startFakeCarrier,
  type FakeCarrierOptions,
  type FakeCarrierServer,
} from '../../../local/fake-carrier/fake-carrier-server';
import { failureOfKind } from '../../support/failure-of';

/**
 * The fake carrier (local stack, tests) and the fake adapter that talks to it: EasyPost's tracker API in memory,
 * parcels that move by themselves or when advanced, and tracker.updated Events signed with EasyPost's scheme that
 * the adapter (and EasyPost's SDK) verify.
 */

const WEBHOOK_SECRET = 'fake-carrier-unit-secret';
const sdk = new EasyPostClient('EZTKunused');

interface Delivered {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('fake carrier', () => {
  let receiver: Server;
  let webhookUrl: string;
  const delivered: Delivered[] = [];
  /** Status codes the receiver answers next (then 200). */
  let receiverAnswers: number[] = [];
  const started: FakeCarrierServer[] = [];
  const logs: string[] = [];
  let numbers = 0;
  /** A fresh tracking number (11 digits, never ending in 0000 unless asked). */
  const newNumber = (suffix = '') => `94001${String(++numbers).padStart(6, '0')}${suffix || '1'}`;

  async function start(options: Partial<FakeCarrierOptions> = {}) {
    const fake = await startFakeCarrier({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl,
      autoAdvance: false,
      log: (line) => logs.push(line),
      ...options,
    });
    started.push(fake);
    return { fake, tracking: fakeParcelTracking({ baseUrl: fake.url, webhookSecret: WEBHOOK_SECRET }) };
  }

  const advance = (fake: FakeCarrierServer, body: Record<string, unknown>, contentType = 'application/json') =>
    fetch(`${fake.url}${FAKE_CARRIER_ADVANCE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: JSON.stringify(body),
    });

  const events = (tracking: ParcelTracking): Promise<CarrierEvent[]> =>
    Promise.all(delivered.map((d) => tracking.verifyEvent(d.body, d.headers as Record<string, string>)));

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = receiverAnswers.shift() ?? 200;
        if (status === 200) delivered.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    webhookUrl = `http://127.0.0.1:${port}/api/parcelWebhook`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  beforeEach(() => {
    delivered.length = 0;
    logs.length = 0;
    receiverAnswers = [];
  });
  // A test's late events must not reach the next test's list.
  afterEach(async () => {
    await Promise.all(started.splice(0).map((fake) => fake.idle().then(() => fake.close())));
  });

  it('moves a parcel every 30 seconds unless told otherwise (the local stack’s pace)', () => {
    expect(FAKE_CARRIER_STEP_MS).toBe(30_000);
  });

  it('is the fake kind, and tracking a parcel makes a pre-transit tracker', async () => {
    const { tracking } = await start();
    expect(tracking.kind).toBe('fake');
    const parcel = await tracking.track({ carrier: 'usps', trackingNumber: newNumber(), reference: 'ORD-1' });
    expect(parcel).toEqual({ trackerId: expect.stringMatching(/^trk_[0-9a-f]{32}$/), status: 'pre-transit' });
    await expect(tracking.retrieve(parcel.trackerId)).resolves.toMatchObject({
      trackerId: parcel.trackerId,
      carrier: 'usps',
      status: 'pre-transit',
      description: 'Shipping label created, awaiting item',
    });
  });

  it('20 concurrent creates of one carrier and number make one tracker; another carrier makes another', async () => {
    const { tracking } = await start();
    const trackingNumber = newNumber();
    const parcels = await Promise.all(
      Array.from({ length: 20 }, () => tracking.track({ carrier: 'ups', trackingNumber, reference: 'ORD-2' })),
    );
    expect(new Set(parcels.map((p) => p.trackerId)).size).toBe(1);
    const other = await tracking.track({ carrier: 'fedex', trackingNumber, reference: 'ORD-2' });
    expect(other.trackerId).not.toBe(parcels[0]!.trackerId);
  });

  it('a number EasyPost would refuse is a 400 through the adapter, with the reason', async () => {
    const { tracking } = await start();
    const error = await failureOfKind(
      tracking.track({ carrier: 'usps', trackingNumber: 'no spaces allowed', reference: 'ORD-3' }),
      AppError,
    );
    expect(error).toMatchObject({ status: 'invalid-argument', message: expect.stringMatching(/tracking_code/) });
  });

  it('speaks EasyPost’s API only with a key and its carrier names, as EasyPost does', async () => {
    const { fake } = await start({ apiKey: 'the-key' });
    const post = (authorization: string | undefined, carrier: string) =>
      fetch(`${fake.url}/v2/trackers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body: JSON.stringify({ tracker: { tracking_code: newNumber(), carrier } }),
      });
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;
    expect((await post(undefined, 'USPS')).status).toBe(401);
    expect((await post(basic('another-key'), 'USPS')).status).toBe(401);
    expect((await fetch(`${fake.url}/v2/trackers/trk_x`)).status).toBe(401);
    const lower = await post(basic('the-key'), 'usps');
    expect(lower.status).toBe(422);
    expect(await lower.json()).toMatchObject({ error: { code: 'TRACKER.CARRIER.INVALID' } });
    expect((await post(basic('the-key'), 'USPS')).status).toBe(200);
    const missing = await fetch(`${fake.url}/v2/trackers/trk_missing`, {
      headers: { authorization: basic('the-key') },
    });
    expect(missing.status).toBe(404);
  });

  it('advance moves a parcel one step and sends a signed tracker.updated Event the fake adapter verifies', async () => {
    const { fake, tracking } = await start();
    const trackingNumber = newNumber();
    const parcel = await tracking.track({ carrier: 'usps', trackingNumber, reference: 'ORD-4' });
    const answer = await advance(fake, { trackingNumber });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: parcel.trackerId, status: 'in_transit' });
    await fake.idle();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers['x-hmac-signature']).toMatch(/^hmac-sha256-hex=[0-9a-f]{64}$/);
    const [event] = await events(tracking);
    expect(event).toMatchObject({
      type: 'parcel',
      parcel: {
        trackerId: parcel.trackerId,
        carrier: 'usps',
        trackingNumber,
        status: 'in-transit',
        description: 'Arrived at carrier facility',
      },
    });
    expect(event!.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({
      object: 'Event',
      description: 'tracker.updated',
      previous_attributes: { status: 'pre_transit' },
    });
  });

  it('its events are signed as EasyPost signs: the EasyPost SDK verifies them, and not under another secret', async () => {
    const { fake, tracking } = await start();
    const trackingNumber = newNumber();
    await tracking.track({ carrier: 'fedex', trackingNumber, reference: 'ORD-5' });
    await advance(fake, { trackingNumber });
    await fake.idle();
    const { headers, body } = delivered[0]!;
    expect(sdk.Utils.validateWebhook(Buffer.from(body), headers, WEBHOOK_SECRET)).toMatchObject({ object: 'Event' });
    expect(() => sdk.Utils.validateWebhook(Buffer.from(body), headers, 'another-secret')).toThrow();
    await expect(
      fakeParcelTracking({ baseUrl: fake.url, webhookSecret: 'another-secret' }).verifyEvent(
        body,
        headers as Record<string, string>,
      ),
    ).rejects.toThrow(/signature/);
  });

  it('advance to a named status: EasyPost’s names or the portal’s returned and exception', async () => {
    const { fake, tracking } = await start();
    const [a, b, c] = [newNumber(), newNumber(), newNumber()];
    for (const trackingNumber of [a, b, c]) await tracking.track({ carrier: 'ups', trackingNumber, reference: 'ORD' });
    expect((await advance(fake, { trackingNumber: a, status: 'delivered' })).status).toBe(200);
    expect((await advance(fake, { trackingNumber: b, status: 'returned' })).status).toBe(200);
    expect((await advance(fake, { trackingNumber: c, status: 'out-for-delivery', carrier: 'ups' })).status).toBe(200);
    expect((await advance(fake, { trackingNumber: c, status: 'exception' })).status).toBe(200);
    await fake.idle();
    expect((await events(tracking)).map((e) => [e.parcel!.trackingNumber, e.parcel!.status])).toEqual([
      [a, 'delivered'],
      [b, 'returned'],
      [c, 'out-for-delivery'],
      [c, 'exception'],
    ]);
  });

  it('advance refuses what it cannot do: an unknown number, status or carrier, a delivered parcel, a form post', async () => {
    const { fake, tracking } = await start();
    const trackingNumber = newNumber();
    await tracking.track({ carrier: 'usps', trackingNumber, reference: 'ORD-6' });
    expect((await advance(fake, { trackingNumber: newNumber() })).status).toBe(404);
    expect((await advance(fake, { trackingNumber, status: 'teleported' })).status).toBe(400);
    expect((await advance(fake, { trackingNumber, carrier: 'dhl' })).status).toBe(400);
    expect((await advance(fake, { trackingNumber, carrier: 'fedex' })).status).toBe(404);
    expect((await advance(fake, { trackingNumber }, 'text/plain')).status).toBe(415);
    await advance(fake, { trackingNumber, status: 'delivered' });
    const done = await advance(fake, { trackingNumber });
    expect(done.status).toBe(409);
    expect(await done.json()).toMatchObject({
      error: { message: expect.stringMatching(/delivered.*name the status/) },
    });
  });

  it('a number tracked by two carriers is advanced only when the carrier is named', async () => {
    const { fake, tracking } = await start();
    const trackingNumber = newNumber();
    await tracking.track({ carrier: 'usps', trackingNumber, reference: 'ORD-7' });
    await tracking.track({ carrier: 'fedex', trackingNumber, reference: 'ORD-8' });
    expect((await advance(fake, { trackingNumber })).status).toBe(409);
    expect((await advance(fake, { trackingNumber, carrier: 'fedex' })).status).toBe(200);
  });

  it('parcels move by themselves, one step each stepMs, up to delivered, their events in order', async () => {
    const { fake, tracking } = await start({ autoAdvance: true, stepMs: 40 });
    const parcel = await tracking.track({ carrier: 'usps', trackingNumber: newNumber(), reference: 'ORD-9' });
    await vi.waitFor(async () => expect((await tracking.retrieve(parcel.trackerId)).status).toBe('delivered'), {
      timeout: 5_000,
      interval: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await fake.idle();
    const received = (await events(tracking)).map((e) => e.parcel!);
    expect(received.map((p) => p.status)).toEqual(['in-transit', 'out-for-delivery', 'delivered']);
    const times = received.map((p) => Date.parse(p.occurredAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(new Set(times).size).toBe(3);
  });

  it('a tracking number ending in 0000 is lost: it stalls at in-transit, and only an advance moves it on', async () => {
    const { fake, tracking } = await start({ autoAdvance: true, stepMs: 30 });
    const trackingNumber = `9400100${String(++numbers).padStart(4, '0')}0000`;
    const parcel = await tracking.track({ carrier: 'usps', trackingNumber, reference: 'ORD-10' });
    await vi.waitFor(async () => expect((await tracking.retrieve(parcel.trackerId)).status).toBe('in-transit'), {
      timeout: 5_000,
      interval: 20,
    });
    // Ten more steps' time: a parcel that were not lost would have been delivered by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await tracking.retrieve(parcel.trackerId)).status).toBe('in-transit');
    await fake.idle();
    expect(delivered).toHaveLength(1);
    expect((await advance(fake, { trackingNumber, status: 'delivered' })).status).toBe(200);
    expect((await tracking.retrieve(parcel.trackerId)).status).toBe('delivered');
  });

  it('an event the portal did not take is sent again, the same Event, until it is taken', async () => {
    const { fake, tracking } = await start();
    const trackingNumber = newNumber();
    await tracking.track({ carrier: 'usps', trackingNumber, reference: 'ORD-11' });
    receiverAnswers = [500];
    await advance(fake, { trackingNumber });
    await fake.idle();
    expect(delivered).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/tracker\.updated evt_[0-9a-f]+ answered 500/);
    await expect(events(tracking)).resolves.toMatchObject([{ type: 'parcel', parcel: { status: 'in-transit' } }]);
  });

  it('answers only requests whose Host is its own loopback address (DNS rebinding)', async () => {
    const { fake } = await start();
    const { port } = new URL(fake.url);
    const status = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/v2/trackers/trk_x', method: 'GET', headers: { host } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await status(`attacker.example:${port}`)).toEqual({ status: 403, body: FOREIGN_HOST_MESSAGE });
    expect((await status(`localhost:${port}`)).status).toBe(401);
  });
});
