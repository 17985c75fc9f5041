import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import { signEasyPostPayload } from '../../../../lambdas/adapters/easypost-webhook-signature';
import { closeOrderWithInvoice } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { callableEvent } from '../../../support/api-gateway-event';
import { approved, lab, stagesWorld, type StagesWorld } from './stages-fixture';

/**
 * The carrierWebhook handler as Lambda loads it (route, signature check, use case), with the orders table
 * replaced by the in-memory fake: a signed tracker event moves its parcel once, a tampered or unsigned one is a
 * 400 that changes nothing, and an event about no parcel of ours is answered 200 so the service stops resending.
 */

const SECRET = 'carrier-webhook-unit-secret';
let world: StagesWorld = stagesWorld();
vi.mock('../../../../lambdas/adapters/dynamo-orders-repository', () => ({
  dynamoOrdersRepository: () => ({
    get: (orderId: string) => world.orders.get(orderId),
    write: (request: Parameters<StagesWorld['orders']['write']>[0]) => world.orders.write(request),
    findParcel: (key: Parameters<StagesWorld['orders']['findParcel']>[0]) => world.orders.findParcel(key),
  }),
}));
vi.stubEnv('PARCEL_TRACKING', 'fake');
vi.stubEnv('FAKE_CARRIER_URL', 'http://127.0.0.1:9');
vi.stubEnv('FAKE_CARRIER_WEBHOOK_SECRET', SECRET);
vi.stubEnv('LOG_LEVEL', 'error');
const { handler } = await import('../../../../lambdas/handlers/orders/carrier-webhook');
// Unit files share a worker's process: a log level left at 'error' would hide the warnings other files assert.
afterAll(() => vi.unstubAllEnvs());

const UPS = '1Z999AA10123456784';

beforeEach(() => {
  world = stagesWorld();
});

async function shipped(): Promise<Order> {
  const order = await approved(world, 1);
  const input = closeOrderInputSchema.parse({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: 'INV-1',
    parcels: [{ trackingNumber: UPS }],
  });
  return closeOrderWithInvoice(lab, input, world.deps);
}

function trackerEvent(status: string, overrides: { id?: string; code?: string; carrier?: string } = {}): string {
  const at = status === 'delivered' ? '2026-12-04T18:00:00Z' : '2026-12-03T10:00:00Z';
  return JSON.stringify({
    id: overrides.id ?? `evt_${status}`,
    object: 'Event',
    mode: 'test',
    description: 'tracker.updated',
    previous_attributes: { status: 'pre_transit' },
    result: {
      id: 'trk_1',
      object: 'Tracker',
      tracking_code: overrides.code ?? UPS,
      carrier: overrides.carrier ?? 'UPS',
      status,
      tracking_details: [{ object: 'TrackingDetail', message: `Scan: ${status}`, status, datetime: at }],
      created_at: '2026-12-02T09:00:00Z',
      updated_at: at,
    },
    created_at: at,
    updated_at: at,
  });
}

/** `null`: sent without a signature header. */
async function post(body: string, signature: string | null = signEasyPostPayload(body, SECRET)) {
  const event = callableEvent('carrierWebhook', {
    body,
    headers: signature === null ? {} : { 'x-hmac-signature': signature },
  }) as APIGatewayProxyEventV2;
  const answer = await handler(event);
  return { status: answer.statusCode, body: JSON.parse(answer.body ?? '{}') as Record<string, unknown> };
}

const stored = async (orderId: string) => (await world.orders.get(orderId))!;

describe('carrierWebhook handler (docs/decisions/0100-production-stages-and-the-ship-promise.md "Carrier events")', () => {
  it('a signed tracker event moves its parcel and answers 200', async () => {
    const order = await shipped();
    expect(await post(trackerEvent('in_transit'))).toEqual({ status: 200, body: { result: { received: true } } });
    expect((await stored(order.orderId)).parcels![0]).toMatchObject({
      status: 'in-transit',
      trackerId: 'trk_1',
      lastEvent: 'Scan: in_transit',
    });
  });

  it('the last parcel delivered delivers the order', async () => {
    const order = await shipped();
    expect((await post(trackerEvent('delivered'))).status).toBe(200);
    expect(await stored(order.orderId)).toMatchObject({ stage: 'delivered', deliveredAt: '2026-12-04T18:00:00.000Z' });
  });

  it('a tampered body, a forged signature or none is a 400 that changes nothing', async () => {
    const order = await shipped();
    const before = await stored(order.orderId);
    const body = trackerEvent('delivered');
    const tampered = body.replace('"delivered"', '"in_transit"');
    for (const [sent, signature] of [
      [tampered, signEasyPostPayload(body, SECRET)],
      [body, signEasyPostPayload(body, 'another-secret')],
      [body, null],
    ] as const) {
      const answer = await post(sent, signature);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { status: 'invalid-argument' } });
    }
    expect(await stored(order.orderId)).toEqual(before);
  });

  it('a replayed event is applied once: the second delivery of it is a 200 that writes nothing', async () => {
    const order = await shipped();
    const body = trackerEvent('in_transit', { id: 'evt_once' });
    expect((await post(body)).status).toBe(200);
    const afterFirst = await stored(order.orderId);
    const writes = world.orders.writes.length;
    expect((await post(body)).status).toBe(200);
    expect(world.orders.writes.length).toBe(writes);
    expect(await stored(order.orderId)).toEqual(afterFirst);
    expect(afterFirst.parcels![0]!.eventIds).toEqual(['evt_once']);
  });

  it('an event about no parcel of ours (unknown number, another carrier, another kind) is a 200 that writes nothing', async () => {
    await shipped();
    const writes = world.orders.writes.length;
    const unknownNumber = trackerEvent('in_transit', { id: 'evt_unknown', code: '1Z999AA10123456792' });
    const otherCarrier = trackerEvent('in_transit', { id: 'evt_dhl', carrier: 'DHLExpress' });
    const otherKind = JSON.stringify({ id: 'evt_batch', object: 'Event', description: 'batch.created', result: {} });
    for (const body of [unknownNumber, otherCarrier, otherKind]) {
      expect(await post(body)).toEqual({ status: 200, body: { result: { received: true } } });
    }
    expect(world.orders.writes.length).toBe(writes);
  });
});
