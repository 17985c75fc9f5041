import { invalidArgument } from '../../../core/errors';
import { guaranteeShipBy, type ShippingCalendar } from '../../../core/rules/ship-date';
import { checkTrackingNumber, type Carrier } from '../../../core/rules/tracking-numbers';
import type { GuaranteeApplied, Order, OrderParcel } from '../../../core/schemas/orders';
import { PARCELS_MESSAGES } from '../../../core/schemas/tracking-numbers';
import type { OrderDeps } from './order-deps';

/** A parcel as the close names it: its tracking number, with or without the carrier. */
export interface ShipmentParcelInput {
  carrier?: Carrier | undefined;
  trackingNumber: string;
}

const parcelRefusal = (index: number, message: string) =>
  invalidArgument(message, { [`parcels.${index}.trackingNumber`]: [message] });

/**
 * The parcels a close records, checked as the close dialog checks them (the carrier's shape and check digit,
 * each number once: the schema's rules, asked again so no caller can skip them) and against the parcel index: a
 * number already shipped with another order is refused on its field (the write refuses it too, should another
 * close record it in between). New parcels wait for their carrier's first scan ('pre-transit').
 */
export async function shipmentParcels(
  order: Order,
  parcels: readonly ShipmentParcelInput[],
  deps: Pick<OrderDeps, 'orders'>,
): Promise<OrderParcel[]> {
  const seen = new Set<string>();
  const checked = parcels.map(({ carrier, trackingNumber }, index) => {
    const check = checkTrackingNumber(carrier, trackingNumber);
    if (!check.ok) throw parcelRefusal(index, check.message);
    const key = `${check.carrier}#${check.number}`;
    if (seen.has(key)) throw parcelRefusal(index, PARCELS_MESSAGES.listedTwice);
    seen.add(key);
    return { carrier: check.carrier, trackingNumber: check.number };
  });
  const owners = await Promise.all(checked.map((key) => deps.orders.findParcel(key)));
  for (const [index, owner] of owners.entries()) {
    if (!owner || owner.orderId === order.orderId) continue;
    const other = await deps.orders.get(owner.orderId);
    throw parcelRefusal(index, `This tracking number was shipped with order ${other?.orderNumber ?? 'another order'}.`);
  }
  return checked.map((key, index) => ({ parcelId: String(index + 1), ...key, status: 'pre-transit' }));
}

/**
 * The ship guarantees an order shipping on `shippedOn` misses: each line whose design (as snapshotted) guaranteed
 * shipping within its business days of the day work started, counted from when the order was first placed on
 * the lab's calendar. The lab's own delays do not move it: a guarantee is a promise of the design, not of a date
 * the lab may change.
 */
export function missedGuarantees(order: Order, shippedOn: string, calendar: ShippingCalendar): GuaranteeApplied[] {
  if (!order.submittedAt) return [];
  const placedAt = new Date(order.submittedAt);
  return order.lines.flatMap((line) => {
    const guarantee = line.design.shipGuarantee;
    if (!guarantee) return [];
    const shipBy = guaranteeShipBy(placedAt, guarantee.businessDays, calendar);
    if (shippedOn <= shipBy) return [];
    return [
      {
        eye: line.eye,
        lensId: line.lensId,
        shipBy,
        remedy: guarantee.remedy,
        ...(guarantee.remedy === 'credit' && guarantee.creditCents ? { creditCents: guarantee.creditCents } : {}),
      },
    ];
  });
}
