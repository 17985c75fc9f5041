import { beforeEach, describe, expect, it } from 'vitest';
import { closeOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import type { ParcelEvent } from '../../../../lambdas/ports/parcel-tracking';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import { closeOrderWithInvoice } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { applyParcelEvent, REMEMBERED_EVENTS } from '../../../../lambdas/use-cases/orders/apply-parcel-event';
import { getOrder } from '../../../../lambdas/use-cases/orders/get-order';
import { approved, lab, practice, stagesWorld, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const UPS = '1Z999AA10123456784';
const USPS = '9400100000000000000006';

async function shipped(n = 1): Promise<Order> {
  const order = await approved(world, n);
  const input = closeOrderInputSchema.parse({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: `INV-${n}`,
    parcels: [{ trackingNumber: UPS }, { trackingNumber: USPS }],
  });
  return closeOrderWithInvoice(lab, input, world.deps);
}

let sequence = 0;
function event(overrides: Partial<ParcelEvent> = {}): ParcelEvent {
  sequence += 1;
  return {
    eventId: `evt_${sequence}`,
    trackerId: 'trk_ups',
    carrier: 'ups',
    trackingNumber: UPS,
    status: 'in-transit',
    occurredAt: '2026-12-08T15:00:00.000Z',
    description: 'Departed from facility',
    ...overrides,
  };
}
const apply = (e: ParcelEvent) => applyParcelEvent(e, world.deps);
const stored = async (orderId: string) => (await world.orders.get(orderId))!;

describe('carrier events (docs/decisions/0100-production-stages-and-the-ship-promise.md "Carrier events")', () => {
  it("moves the parcel its number names: status, the carrier's words, when, the tracker", async () => {
    const order = await shipped();
    expect(await apply(event())).toEqual({
      outcome: 'applied',
      orderId: order.orderId,
      parcelId: '1',
      delivered: false,
    });
    expect((await stored(order.orderId)).parcels![0]).toMatchObject({
      status: 'in-transit',
      trackerId: 'trk_ups',
      lastEventAt: '2026-12-08T15:00:00.000Z',
      lastEvent: 'Departed from facility',
    });
    expect((await stored(order.orderId)).parcels![1]!.status).toBe('pre-transit');
  });

  it('a number no order shipped with is ignored (the service stops sending it), with nothing written', async () => {
    await shipped();
    const writes = world.orders.writes.length;
    expect(await apply(event({ trackingNumber: '1Z999AA10123456792' }))).toEqual({
      outcome: 'ignored',
      reason: 'unknown-number',
    });
    expect(await apply(event({ carrier: 'fedex' }))).toMatchObject({ reason: 'unknown-number' });
    expect(world.orders.writes.length).toBe(writes);
  });

  it('an event applied before is a replay and changes nothing, even after newer ones', async () => {
    const order = await shipped();
    const first = event();
    await apply(first);
    const version = (await stored(order.orderId)).version;
    expect(await apply(first)).toEqual({ outcome: 'ignored', reason: 'replay' });
    expect((await stored(order.orderId)).version).toBe(version);
  });

  it("an event older than the parcel's last is stale: a parcel never moves back", async () => {
    const order = await shipped();
    await apply(event({ status: 'out-for-delivery', occurredAt: '2026-12-09T09:00:00.000Z' }));
    expect(await apply(event({ status: 'in-transit', occurredAt: '2026-12-08T20:00:00.000Z' }))).toEqual({
      outcome: 'ignored',
      reason: 'stale',
    });
    expect((await stored(order.orderId)).parcels![0]!.status).toBe('out-for-delivery');
    // An event at the same instant is not older: it is applied.
    expect((await apply(event({ status: 'delivered', occurredAt: '2026-12-09T09:00:00.000Z' }))).outcome).toBe(
      'applied',
    );
  });

  it('the order is delivered when its last parcel is: stage, deliveredAt and a timeline entry, once', async () => {
    const order = await shipped();
    world.clock.now = new Date('2026-12-10T18:00:00.000Z');
    const ups = await apply(event({ status: 'delivered', occurredAt: '2026-12-10T14:00:00.000Z' }));
    expect(ups).toMatchObject({ outcome: 'applied', delivered: false });
    expect((await stored(order.orderId)).stage).toBe('shipped');
    const usps = await apply(
      event({ carrier: 'usps', trackingNumber: USPS, status: 'delivered', occurredAt: '2026-12-10T16:30:00.000Z' }),
    );
    expect(usps).toMatchObject({ outcome: 'applied', delivered: true });
    const delivered = await stored(order.orderId);
    expect(delivered).toMatchObject({
      status: 'closed',
      stage: 'delivered',
      stageAt: '2026-12-10T18:00:00.000Z',
      deliveredAt: '2026-12-10T16:30:00.000Z',
    });
    expect(delivered.history.at(-1)).toMatchObject({
      action: 'deliver',
      from: 'closed',
      to: 'closed',
      stage: 'delivered',
    });
    // A later scan of a delivered parcel changes the parcel, not the stage, and adds no second entry.
    await apply(event({ status: 'delivered', occurredAt: '2026-12-10T19:00:00.000Z', description: 'Left at door' }));
    expect((await stored(order.orderId)).history.filter((h) => h.action === 'deliver')).toHaveLength(1);
    // The practice reads the delivery as the lab's, like every lab entry.
    const seen = await getOrder(practice, { orderId: order.orderId }, world.deps);
    expect(seen.history.at(-1)!.by.name).toBe('Lenslab');
  });

  it('a write that loses to another change reads the order again and applies the event once', async () => {
    const order = await shipped();
    world.orders.pendingRefusals.push(orderRefusals.refuse('order'));
    expect((await apply(event())).outcome).toBe('applied');
    const after = await stored(order.orderId);
    expect(after.parcels![0]!.eventIds).toHaveLength(1);
    expect(after.version).toBe(order.version + 1);
  });

  it(`a parcel remembers its last ${REMEMBERED_EVENTS} events`, async () => {
    const order = await shipped();
    for (let i = 0; i < REMEMBERED_EVENTS + 5; i += 1)
      await apply(event({ occurredAt: new Date(Date.parse('2026-12-08T00:00:00Z') + i * 60_000).toISOString() }));
    expect((await stored(order.orderId)).parcels![0]!.eventIds).toHaveLength(REMEMBERED_EVENTS);
  });
});
