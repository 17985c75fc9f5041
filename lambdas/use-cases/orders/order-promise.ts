import { orderLeadOf, promiseDates, type ShippingCalendar } from '../../../core/rules/ship-date';
import type { Order, OrderPromise } from '../../../core/schemas/orders';

/**
 * The promise an order is placed with (submit, and again when a hold is answered): ship by and arrive by from
 * the moment it is placed, its slowest line and its shipping method, on the lab's calendar. `firstShipBy` is the
 * first ship-by day the practice was given and is carried over, never recomputed.
 */
export function orderPromiseOf(
  order: Pick<Order, 'lines' | 'shipping' | 'promise'>,
  placedAt: Date,
  calendar: ShippingCalendar,
): OrderPromise | undefined {
  if (!order.shipping) return undefined;
  const { method } = order.shipping;
  const { shipBy, arriveBy } = promiseDates({ placedAt, ...orderLeadOf(order.lines), method, calendar });
  return {
    shipBy,
    arriveBy,
    method,
    promisedAt: placedAt.toISOString(),
    firstShipBy: order.promise?.firstShipBy ?? shipBy,
  };
}
