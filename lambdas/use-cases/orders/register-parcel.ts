import type { Carrier } from '../../../core/rules/tracking-numbers';
import type { Order, OrderParcel } from '../../../core/schemas/orders';
import type { Clock } from '../../kernel/clock';
import { outboxMessage, type OutboxMessage } from '../../kernel/outbox';
import { retryOnRefusal } from '../../kernel/retry';
import { orderRefusals } from '../../ports/orders-repository';
import type { ParcelTracking } from '../../ports/parcel-tracking';
import { ORDER_WRITE_BACKOFF, type OrderDeps } from './order-deps';

/** What a `parcel-tracking` outbox message holds: the parcel a close shipped, as it was recorded. */
export interface ParcelTrackingNotice {
  orderId: string;
  parcelId: string;
  carrier: Carrier;
  trackingNumber: string;
}

export interface RegisterParcelDeps extends Pick<OrderDeps, 'orders' | 'now' | 'sleep'> {
  tracking: Pick<ParcelTracking, 'track'>;
}

/**
 * The outbox messages a close writes in its own transaction, one per parcel: the parcels are registered with the
 * tracking service after the close stands, and never for a close that was refused.
 */
export function parcelTrackingNotices(
  deps: Pick<Clock, 'now'>,
  order: Pick<Order, 'orderId' | 'parcels'>,
): OutboxMessage[] {
  return (order.parcels ?? []).map(({ parcelId, carrier, trackingNumber }) =>
    outboxMessage(deps, 'parcel-tracking', {
      orderId: order.orderId,
      parcelId,
      carrier,
      trackingNumber,
    } satisfies ParcelTrackingNotice),
  );
}

/**
 * Registers a shipped parcel with the tracking service (the outbox's `parcel-tracking` message), then keeps the
 * tracker id on the parcel. Safe to repeat: the service answers a repeat with the tracker it made first, and a
 * parcel that has its tracker already (an event came first, or an earlier try) is not written again. A failure
 * is thrown, so the outbox tries again with its backoff.
 */
export async function registerParcel(notice: ParcelTrackingNotice, deps: RegisterParcelDeps): Promise<void> {
  const { trackerId } = await deps.tracking.track({
    carrier: notice.carrier,
    trackingNumber: notice.trackingNumber,
    reference: notice.orderId,
  });
  const rule = {
    ...ORDER_WRITE_BACKOFF,
    attempts: 6,
    // Another change (an event, the lab) wrote the order first: read it again.
    retries: (error: unknown) => orderRefusals.is(error),
    exhausted: () => new Error(`Parcel ${notice.parcelId} of order ${notice.orderId}: the order kept changing`),
  };
  await retryOnRefusal(deps, rule, async () => {
    const order = await deps.orders.get(notice.orderId);
    const parcel = order?.parcels?.find((p) => p.parcelId === notice.parcelId);
    if (!order || !parcel || parcel.trackerId) return;
    const parcels = order.parcels!.map((p): OrderParcel => (p.parcelId === parcel.parcelId ? { ...p, trackerId } : p));
    await deps.orders.write({
      order: { ...order, parcels, updatedAt: deps.now().toISOString(), version: order.version + 1 },
      expectedVersion: order.version,
    });
  });
}
