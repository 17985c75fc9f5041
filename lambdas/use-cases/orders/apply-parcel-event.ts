import { CARRIER_LABELS, normalizeTrackingNumber } from '../../../core/rules/tracking-numbers';
import type { Order, OrderParcel } from '../../../core/schemas/orders';
import { retryOnRefusal } from '../../kernel/retry';
import type { CarrierEvent, ParcelEvent } from '../../ports/parcel-tracking';
import { orderRefusals } from '../../ports/orders-repository';
import { ORDER_WRITE_BACKOFF, type OrderDeps } from './order-deps';
import { orderWebhook } from './order-webhook';

export type ApplyParcelEventDeps = Pick<OrderDeps, 'orders' | 'now' | 'sleep'>;

/**
 * Why an event changed nothing: not about a parcel (another kind of event, a carrier the lab does not ship with),
 * a number no order shipped with, an event applied before, or one older than the parcel's state.
 */
export type IgnoredReason = 'not-a-parcel' | 'unknown-number' | 'replay' | 'stale';
export type ParcelEventOutcome =
  | { outcome: 'applied'; orderId: string; parcelId: string; delivered: boolean }
  | { outcome: 'ignored'; reason: IgnoredReason };

/** Event ids a parcel remembers: a carrier resends recent events, never one from dozens of scans ago. */
export const REMEMBERED_EVENTS = 20;
/** The carrier's words kept for a scan: one line. */
const LAST_EVENT_MAX = 200;

const ignored = (reason: IgnoredReason): ParcelEventOutcome => ({ outcome: 'ignored', reason });

/** The parcel as the event leaves it, or why the event changes nothing (applied before, or older than its state). */
function movedParcel(parcel: OrderParcel, event: ParcelEvent): OrderParcel | IgnoredReason {
  if (parcel.eventIds?.includes(event.eventId)) return 'replay';
  if (parcel.lastEventAt && Date.parse(event.occurredAt) < Date.parse(parcel.lastEventAt)) return 'stale';
  const { deliveredAt: _delivered, ...rest } = parcel;
  const lastEvent = event.description.replace(/\s+/g, ' ').trim().slice(0, LAST_EVENT_MAX);
  return {
    ...rest,
    status: event.status,
    trackerId: parcel.trackerId ?? event.trackerId,
    lastEventAt: event.occurredAt,
    ...(lastEvent ? { lastEvent } : {}),
    ...(event.status === 'delivered' ? { deliveredAt: event.occurredAt } : {}),
    eventIds: [...(parcel.eventIds ?? []), event.eventId].slice(-REMEMBERED_EVENTS),
  };
}

/**
 * A verified carrier event applied to the parcel it is about (found through the parcel index by carrier and
 * number; an unknown number is ignored, so the service stops sending it). Idempotent by `eventId`, and never
 * moves a parcel back: an event older than the parcel's last is stale and ignored. When every parcel of the
 * order is delivered, the order's stage becomes 'delivered' with `deliveredAt` (the last parcel's delivery) and
 * a timeline entry. One conditional write on the order's version; a change in between is read again.
 */
export async function applyParcelEvent(event: ParcelEvent, deps: ApplyParcelEventDeps): Promise<ParcelEventOutcome> {
  const key = { carrier: event.carrier, trackingNumber: normalizeTrackingNumber(event.trackingNumber) };
  const owner = await deps.orders.findParcel(key);
  if (!owner) return ignored('unknown-number');

  const rule = {
    ...ORDER_WRITE_BACKOFF,
    attempts: 6,
    // Another change (the lab, another parcel's event) wrote the order first: read it again and reapply.
    retries: (error: unknown) => orderRefusals.is(error),
    exhausted: () => new Error(`Parcel event ${event.eventId}: order ${owner.orderId} kept changing`),
  };
  return retryOnRefusal(deps, rule, async (): Promise<ParcelEventOutcome> => {
    const order = await deps.orders.get(owner.orderId);
    const parcel = order?.parcels?.find((p) => p.parcelId === owner.parcelId);
    if (!order || !parcel) return ignored('unknown-number');
    const moved = movedParcel(parcel, event);
    if (typeof moved === 'string') return ignored(moved);

    const at = deps.now().toISOString();
    const parcels = order.parcels!.map((p) => (p.parcelId === parcel.parcelId ? moved : p));
    const allDelivered = parcels.every((p) => p.status === 'delivered');
    const delivers = allDelivered && order.status === 'closed' && order.stage !== 'delivered';
    const deliveredAt = parcels
      .map((p) => p.deliveredAt ?? '')
      .sort()
      .at(-1);
    const updated: Order = {
      ...order,
      parcels,
      updatedAt: at,
      version: order.version + 1,
      ...(delivers
        ? {
            stage: 'delivered',
            stageAt: at,
            deliveredAt: deliveredAt || event.occurredAt,
            history: [
              ...order.history,
              {
                at,
                action: 'deliver',
                from: 'closed',
                to: 'closed',
                stage: 'delivered',
                // The carrier's word, not a person's: practices read the lab's entries as the lab's.
                by: { userId: `carrier:${event.carrier}`, name: CARRIER_LABELS[event.carrier], actor: 'lab' },
              },
            ],
          }
        : {}),
    };
    await deps.orders.write({
      order: updated,
      expectedVersion: order.version,
      notices: orderWebhook(deps, order, updated),
    });
    return { outcome: 'applied', orderId: order.orderId, parcelId: parcel.parcelId, delivered: delivers };
  });
}

/**
 * A verified webhook call of the tracking service: its parcel event applied, anything else ignored. Both end in
 * a 200 for the service, which resends whatever is not answered 2xx: an event the portal cannot use is not one
 * it should hear again.
 */
export async function applyCarrierEvent(event: CarrierEvent, deps: ApplyParcelEventDeps): Promise<ParcelEventOutcome> {
  if (event.type !== 'parcel' || !event.parcel) return ignored('not-a-parcel');
  return applyParcelEvent(event.parcel, deps);
}
