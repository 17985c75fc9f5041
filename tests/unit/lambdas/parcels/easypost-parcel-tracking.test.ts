import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors';
import {
  easyPostParcelTracking,
  parcelStatusOf,
  TRACKING_REFUSED,
} from '../../../../lambdas/adapters/easypost-parcel-tracking';
import { signEasyPostPayload } from '../../../../lambdas/adapters/easypost-webhook-signature';
import { errorAnswer } from '../../../../lambdas/http/error-response';
import { PARCEL_STATUSES, WebhookSignatureError, type ParcelTracking } from '../../../../lambdas/ports/parcel-tracking';
import { failureOfKind } from '../../../support/failure-of';

/**
 * The EasyPost adapter: its status mapping, its tracker calls against a local double of api.easypost.com, and how it
 * reads a signed webhook Event into a parcel event (the newest scan's time and words) or an event to ignore.
 */

const WEBHOOK_SECRET = 'easypost-webhook-secret';

function trackerJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'trk_123',
    object: 'Tracker',
    mode: 'test',
    tracking_code: '9400100000000000000001',
    carrier: 'USPS',
    status: 'in_transit',
    weight: null,
    tracking_details: [
      { object: 'TrackingDetail', message: 'Label created', status: 'pre_transit', datetime: '2026-11-18T09:00:00Z' },
      {
        object: 'TrackingDetail',
        message: 'Arrived at facility',
        status: 'in_transit',
        datetime: '2026-11-19T10:30:00Z',
      },
    ],
    created_at: '2026-11-18T09:00:01Z',
    updated_at: '2026-11-19T10:31:00Z',
    ...overrides,
  };
}

function eventJson(result: unknown, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: 'evt_abc',
    object: 'Event',
    mode: 'test',
    description: 'tracker.updated',
    result,
    previous_attributes: { status: 'pre_transit' },
    created_at: '2026-11-19T10:31:05Z',
    updated_at: '2026-11-19T10:31:05Z',
    ...overrides,
  });
}

const signedHeaders = (body: string) => ({ 'x-hmac-signature': signEasyPostPayload(body, WEBHOOK_SECRET) });

describe('EasyPost tracker statuses in the portal’s words', () => {
  it.each([
    ['unknown', 'unknown'],
    ['pre_transit', 'pre-transit'],
    ['in_transit', 'in-transit'],
    ['out_for_delivery', 'out-for-delivery'],
    ['delivered', 'delivered'],
    ['available_for_pickup', 'exception'],
    ['return_to_sender', 'returned'],
    ['failure', 'exception'],
    ['cancelled', 'exception'],
    ['error', 'exception'],
  ])('%s is %s', (easyPost, portal) => {
    expect(parcelStatusOf(easyPost)).toBe(portal);
    expect(PARCEL_STATUSES).toContain(portal);
  });

  it('a status EasyPost adds later, or none, is unknown (never a crash, never delivered)', () => {
    for (const status of ['in_customs', 'DELIVERED', '', null, undefined, 42, 'toString', '__proto__']) {
      expect(parcelStatusOf(status)).toBe('unknown');
    }
  });
});

describe('EasyPost parcel tracking (through a local double of api.easypost.com)', () => {
  let server: Server;
  let tracking: ParcelTracking;
  const sent: { method: string; path: string; body: string }[] = [];
  let answers: { status: number; body: unknown }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        sent.push({ method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        const answer = answers.shift() ?? { status: 200, body: trackerJson() };
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    tracking = easyPostParcelTracking({
      apiKey: 'EZTKdouble',
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    sent.length = 0;
    answers = [];
  });

  it('is the easypost kind', () => {
    expect(tracking.kind).toBe('easypost');
  });

  it('track creates a tracker with EasyPost’s carrier name and answers its id and mapped status', async () => {
    answers = [{ status: 200, body: trackerJson({ id: 'trk_new', status: 'pre_transit', carrier: 'FedEx' }) }];
    await expect(
      tracking.track({ carrier: 'fedex', trackingNumber: '123456789012', reference: 'ORD-1/parcel-1' }),
    ).resolves.toEqual({ trackerId: 'trk_new', status: 'pre-transit' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v2/trackers' });
    expect(JSON.parse(sent[0]!.body)).toEqual({ tracker: { tracking_code: '123456789012', carrier: 'FedEx' } });
  });

  it('a number EasyPost refuses (422) is the lab’s input: a 400 with EasyPost’s reason, never a 500', async () => {
    answers = [{ status: 422, body: { error: { code: 'TRACKER.TRACKING_CODE.INVALID', message: 'Invalid code' } } }];
    const error = await failureOfKind(
      tracking.track({ carrier: 'ups', trackingNumber: 'X', reference: 'ORD-1' }),
      AppError,
    );
    expect(error).toMatchObject({ status: 'invalid-argument', message: `${TRACKING_REFUSED} Invalid code` });
    expect(errorAnswer(error, 'c').statusCode).toBe(400);
  });

  it('EasyPost down is an outage for the caller (503), not a 400', async () => {
    const down = { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } };
    answers = [down, down];
    const error = await tracking
      .track({ carrier: 'ups', trackingNumber: '1Z999AA10123456784', reference: 'ORD-1' })
      .catch((e: unknown) => e);
    expect(errorAnswer(error, 'c').statusCode).toBe(503);
  });

  it('retrieve reads the tracker’s current state: the newest scan’s time and words', async () => {
    await expect(tracking.retrieve('trk_123')).resolves.toEqual({
      trackerId: 'trk_123',
      carrier: 'usps',
      trackingNumber: '9400100000000000000001',
      status: 'in-transit',
      occurredAt: '2026-11-19T10:30:00.000Z',
      description: 'Arrived at facility',
    });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/v2/trackers/trk_123' });
  });
});

describe('EasyPost webhook events as parcel events', () => {
  const tracking = easyPostParcelTracking({ apiKey: 'EZTKunused', webhookSecret: WEBHOOK_SECRET });
  const verify = (body: string, headers: Record<string, string> = signedHeaders(body)) =>
    tracking.verifyEvent(body, headers);

  it('a tracker.updated Event is a parcel event: the Event id, the tracker, its status, the newest scan', async () => {
    const body = eventJson(trackerJson());
    await expect(verify(body)).resolves.toEqual({
      eventId: 'evt_abc',
      type: 'parcel',
      parcel: {
        eventId: 'evt_abc',
        trackerId: 'trk_123',
        carrier: 'usps',
        trackingNumber: '9400100000000000000001',
        status: 'in-transit',
        occurredAt: '2026-11-19T10:30:00.000Z',
        description: 'Arrived at facility',
      },
    });
  });

  it('the header name may come in any case (API Gateway lowercases it; a direct call may not)', async () => {
    const body = eventJson(trackerJson());
    const header = signEasyPostPayload(body, WEBHOOK_SECRET);
    await expect(verify(body, { 'X-Hmac-Signature': header })).resolves.toMatchObject({ type: 'parcel' });
  });

  it('the newest scan is found by its time, not its place in the list, and an offset time becomes UTC', async () => {
    const body = eventJson(
      trackerJson({
        status: 'delivered',
        tracking_details: [
          { message: 'Delivered, In/At Mailbox', status: 'delivered', datetime: '2026-11-20T09:15:00-05:00' },
          { message: 'Out for delivery', status: 'out_for_delivery', datetime: '2026-11-20T13:00:00Z' },
          { message: 'No time', status: 'in_transit', datetime: 'not a time' },
        ],
      }),
    );
    const event = await verify(body);
    expect(event.parcel).toMatchObject({
      status: 'delivered',
      occurredAt: '2026-11-20T14:15:00.000Z',
      description: 'Delivered, In/At Mailbox',
    });
  });

  it('without a scan, the time is the tracker’s last change; without that, the Event’s', async () => {
    const withUpdate = await verify(eventJson(trackerJson({ tracking_details: [] })));
    expect(withUpdate.parcel).toMatchObject({ occurredAt: '2026-11-19T10:31:00.000Z', description: '' });
    const bare = await verify(eventJson(trackerJson({ tracking_details: null, updated_at: null })));
    expect(bare.parcel).toMatchObject({ occurredAt: '2026-11-19T10:31:05.000Z' });
  });

  it('the carrier’s words are one line without control characters, at most 200 characters', async () => {
    const words = `Delivered\r\n\u001b[31m to   the\tfront desk ${'x'.repeat(400)}`;
    const body = eventJson(
      trackerJson({ tracking_details: [{ message: words, status: 'delivered', datetime: '2026-11-20T10:00:00Z' }] }),
    );
    const description = (await verify(body)).parcel!.description;
    expect(description).toMatch(/^Delivered \[31m to the front desk x+…$/);
    expect(description).toHaveLength(200);
  });

  it('a tracker.created Event is a parcel event too; the status is the tracker’s, not its newest scan’s', async () => {
    const body = eventJson(trackerJson({ status: 'pre_transit' }), { description: 'tracker.created' });
    await expect(verify(body)).resolves.toMatchObject({
      type: 'parcel',
      parcel: { status: 'pre-transit', description: 'Arrived at facility' },
    });
  });

  it('an Event of another kind, or of a carrier the lab does not ship with, is other: answered and ignored', async () => {
    const batch = eventJson({ id: 'batch_1', object: 'Batch' }, { id: 'evt_batch', description: 'batch.created' });
    await expect(verify(batch)).resolves.toEqual({ eventId: 'evt_batch', type: 'other', parcel: null });
    const dhl = eventJson(trackerJson({ carrier: 'DHLExpress' }));
    await expect(verify(dhl)).resolves.toEqual({ eventId: 'evt_abc', type: 'other', parcel: null });
  });

  it('refuses a bad signature before reading anything', async () => {
    const body = eventJson(trackerJson());
    await failureOfKind(
      verify(body, { 'x-hmac-signature': signEasyPostPayload(body, 'other') }),
      WebhookSignatureError,
    );
    await failureOfKind(verify(body, {}), WebhookSignatureError);
  });

  it('a signed body that is no Event, or a tracker event without a readable tracker, is refused, quoting nothing', async () => {
    for (const body of [
      'not json {"secret":1}',
      '[]',
      JSON.stringify({ object: 'Event', description: 'tracker.updated' }),
      eventJson(null),
      eventJson({ ...trackerJson(), id: undefined }),
      eventJson({ ...trackerJson(), tracking_code: 7 }),
    ]) {
      const error = await failureOfKind(verify(body), WebhookSignatureError);
      expect(error.message).toBe('The webhook body is not a valid event');
    }
  });
});
