import { beforeEach, describe, expect, it } from 'vitest';
import { closeOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import { OUTBOX_POLICY } from '../../../../lambdas/kernel/outbox';
import type { NoticeSenders } from '../../../../lambdas/ports/notice-outbox';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import type { TrackRequest, TrackedParcel } from '../../../../lambdas/ports/parcel-tracking';
import { closeOrderWithInvoice } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { deliverDueNotices, type DeliverNoticesDeps } from '../../../../lambdas/use-cases/notices';
import { inMemoryWebhookStore } from '../../../support/in-memory-webhooks';
import type { ParcelTrackingNotice } from '../../../../lambdas/use-cases/orders';
import { memoryLogger } from '../../../support/in-memory-ports';
import { approved, lab, stagesWorld, TUESDAY_MORNING, type StagesWorld } from './stages-fixture';

/**
 * Registering shipped parcels with the tracking service: the close writes one `parcel-tracking` outbox message
 * per parcel in its own transaction, and the outbox consumer registers each once (the tracker id kept on the
 * parcel's index entry, the order left at its version), trying again with the outbox's backoff while the
 * service fails.
 */

const UPS = '1Z999AA10123456784';
const USPS = '9400100000000000000006';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

async function close(order: Order): Promise<Order> {
  const input = closeOrderInputSchema.parse({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: `INV-${order.orderId.slice(-4)}`,
    parcels: [{ trackingNumber: UPS }, { trackingNumber: USPS }],
  });
  return closeOrderWithInvoice(lab, input, world.deps);
}

const parcelMessages = () => world.orders.outbox.notices<ParcelTrackingNotice>('parcel-tracking');
/** The tracker ids the two parcels' index entries keep (UPS first). */
const trackerIds = async () =>
  Promise.all(
    [
      { carrier: 'ups' as const, trackingNumber: UPS },
      { carrier: 'usps' as const, trackingNumber: USPS },
    ].map(async (key) => (await world.orders.findParcel(key))?.trackerId),
  );

/** A tracking service that records each call and fails while `down` says so. */
function trackingService() {
  const calls: TrackRequest[] = [];
  const service = {
    calls,
    down: false,
    async track(request: TrackRequest): Promise<TrackedParcel> {
      calls.push(request);
      if (service.down) throw new Error('EasyPost answered 503');
      return { trackerId: `trk_${request.carrier}`, status: 'pre-transit' };
    },
  };
  return service;
}

function consumer(tracking: ReturnType<typeof trackingService>) {
  const clock = { t: TUESDAY_MORNING.getTime() + 60_000 };
  // Emails are not what these tests look at: every other topic is delivered by a sender that sends nothing.
  const quiet: NoticeSenders = async () => {};
  const deps: DeliverNoticesDeps = {
    outbox: world.orders.outbox,
    senders: quiet,
    mailer: { send: async () => {} },
    log: memoryLogger().log,
    now: () => new Date(clock.t),
    policy: { ...OUTBOX_POLICY, retryBaseMs: 1_000, retryCapMs: 8_000 },
    parcels: { tracking, orders: world.orders },
    // The close's webhook event fans out to no endpoint.
    webhooks: inMemoryWebhookStore(),
  };
  return { deps, clock };
}

describe('registering shipped parcels with the tracking service (outbox topic parcel-tracking)', () => {
  it('the close writes one message per parcel, in the same write as the order', async () => {
    const order = await close(await approved(world, 1));
    expect(parcelMessages()).toEqual([
      { orderId: order.orderId, parcelId: '1', carrier: 'ups', trackingNumber: UPS },
      { orderId: order.orderId, parcelId: '2', carrier: 'usps', trackingNumber: USPS },
    ]);
    const closing = world.orders.writes.at(-1)!;
    expect(closing.order.status).toBe('closed');
    expect(closing.notices?.filter((n) => n.topic === 'parcel-tracking')).toHaveLength(2);
  });

  it('a close refused at its write stores no message (nor a shipped order)', async () => {
    const order = await approved(world, 1);
    world.orders.pendingRefusals.push(orderRefusals.refuse('parcel'));
    await expect(close(order)).rejects.toMatchObject({ status: 'aborted' });
    expect(parcelMessages()).toEqual([]);
    expect((await world.orders.get(order.orderId))!.status).toBe('approved');
  });

  it('a close without tracking writes none', async () => {
    const order = await approved(world, 1);
    const input = closeOrderInputSchema.parse({
      orderId: order.orderId,
      version: order.version,
      invoiceNumber: 'INV-1',
      noTracking: true,
    });
    await closeOrderWithInvoice(lab, input, world.deps);
    expect(parcelMessages()).toEqual([]);
  });

  it('the consumer registers each parcel once, with the order as reference, and keeps its tracker id', async () => {
    const order = await close(await approved(world, 1));
    const tracking = trackingService();
    const { deps, clock } = consumer(tracking);
    await deliverDueNotices(deps);
    expect(tracking.calls.toSorted((a, b) => a.carrier.localeCompare(b.carrier))).toEqual([
      { carrier: 'ups', trackingNumber: UPS, reference: order.orderId },
      { carrier: 'usps', trackingNumber: USPS, reference: order.orderId },
    ]);
    expect(await trackerIds()).toEqual(['trk_ups', 'trk_usps']);
    clock.t += 3_600_000;
    await deliverDueNotices(deps);
    expect(tracking.calls).toHaveLength(2);
  });

  it('a failing service is tried again after the backoff, and the parcel gets its tracker then', async () => {
    await close(await approved(world, 1));
    const tracking = trackingService();
    tracking.down = true;
    const { deps, clock } = consumer(tracking);
    expect((await deliverDueNotices(deps)).retry).toBe(2);
    expect(await trackerIds()).toEqual([undefined, undefined]);

    tracking.down = false;
    expect((await deliverDueNotices(deps)).sent).toBe(0);
    clock.t += 2_000;
    expect((await deliverDueNotices(deps)).sent).toBe(2);
    expect(tracking.calls).toHaveLength(4);
    expect(await trackerIds()).toEqual(['trk_ups', 'trk_usps']);
  });

  it('registering leaves the order at its version: whoever read it just after the close can still act on it', async () => {
    const order = await close(await approved(world, 1));
    const read = (await world.orders.get(order.orderId))!;
    const writes = world.orders.writes.length;
    await deliverDueNotices(consumer(trackingService()).deps);
    expect(world.orders.writes.length).toBe(writes);
    expect(await world.orders.get(order.orderId)).toEqual(read);
    expect(await trackerIds()).toEqual(['trk_ups', 'trk_usps']);
  });

  it("the first tracker id kept stays (a repeat registration keeps it), and a number no longer the order's keeps none", async () => {
    const order = await close(await approved(world, 1));
    const ups = { carrier: 'ups' as const, trackingNumber: UPS };
    expect(
      await world.orders.keepParcelTracker(ups, { orderId: order.orderId, parcelId: '1', trackerId: 'trk_first' }),
    ).toBe(true);
    await deliverDueNotices(consumer(trackingService()).deps);
    expect(await trackerIds()).toEqual(['trk_first', 'trk_usps']);
    expect(
      await world.orders.keepParcelTracker(ups, { orderId: 'another-order', parcelId: '1', trackerId: 'trk_x' }),
    ).toBe(false);
    expect((await world.orders.findParcel(ups))?.trackerId).toBe('trk_first');
  });

  it('a consumer without parcel tracking leaves the message to retry rather than call it delivered', async () => {
    await close(await approved(world, 1));
    const { deps } = consumer(trackingService());
    const { parcels: _none, ...withoutTracking } = deps;
    expect(await deliverDueNotices(withoutTracking)).toMatchObject({ retry: 2 });
  });
});
