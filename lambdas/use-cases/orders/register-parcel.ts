import type { Carrier } from '../../../core/rules/tracking-numbers';
import type { Order } from '../../../core/schemas/orders';
import type { Clock } from '../../kernel/clock';
import { outboxMessage, type OutboxMessage } from '../../kernel/outbox';
import type { OrdersRepository } from '../../ports/orders-repository';
import type { ParcelTracking } from '../../ports/parcel-tracking';

/** What a `parcel-tracking` outbox message holds: the parcel a close shipped, as it was recorded. */
export interface ParcelTrackingNotice {
  orderId: string;
  parcelId: string;
  carrier: Carrier;
  trackingNumber: string;
}

export interface RegisterParcelDeps {
  orders: Pick<OrdersRepository, 'keepParcelTracker'>;
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
 * tracker id on the parcel's index entry, not on the order: the order's version stays, so a lab or practice
 * acting on the order they read just after the close is not told it changed, and two parcels registered at once
 * each keep their id. Safe to repeat: the service answers a repeat with the tracker it made first, and the first
 * id kept stays. A failure is thrown, so the outbox tries again with its backoff.
 */
export async function registerParcel(notice: ParcelTrackingNotice, deps: RegisterParcelDeps): Promise<void> {
  const { trackerId } = await deps.tracking.track({
    carrier: notice.carrier,
    trackingNumber: notice.trackingNumber,
    reference: notice.orderId,
  });
  // False when the number is no longer this order's parcel: nothing of ours to keep the id on.
  await deps.orders.keepParcelTracker(
    { carrier: notice.carrier, trackingNumber: notice.trackingNumber },
    { orderId: notice.orderId, parcelId: notice.parcelId, trackerId },
  );
}
