import type { OrderStatus } from './order-lifecycle';
import { dayForPeople, isBusinessDay, type ShippingCalendar } from './ship-date';

/**
 * When the lab may move an order's ship date (recordOrderDelay), and which new days it may choose. The server
 * decides with these; the lab's order page offers "Record delay…" and checks the day with the same rules.
 */

/** The orders whose ship date is still ahead of them: placed and not yet shipped, rejected or cancelled. */
export const DELAYABLE_STATUSES: readonly OrderStatus[] = ['submitted', 'on-hold', 'approved'];

export const DELAY_MESSAGES = {
  notDelayable: 'Only an order that has not shipped yet can get a new ship date.',
  noPromise: 'This order was placed before ship dates were promised: it has no ship date to move.',
  notBusinessDay: (day: string) => `${dayForPeople(day)} is not a business day of the lab: choose another day.`,
  beforeToday: 'The new ship date cannot be before today.',
  same: (day: string) => `The order already ships by ${dayForPeople(day)}.`,
} as const;

/** True when the lab may record a delay: the order has a ship date to move and has not shipped yet. */
export function canRecordDelay(order: { status: OrderStatus; promise?: unknown }): boolean {
  return DELAYABLE_STATUSES.includes(order.status) && order.promise !== undefined;
}

/**
 * What is wrong with `day` as an order's new ship-by day, or null: it must be today or later (`today` is the
 * lab-local day), a business day of the lab, and not the day the order already ships by.
 */
export function newShipByProblem(
  day: string,
  context: { today: string; calendar: Pick<ShippingCalendar, 'holidays'>; shipBy: string },
): string | null {
  if (day < context.today) return DELAY_MESSAGES.beforeToday;
  if (!isBusinessDay(day, context.calendar)) return DELAY_MESSAGES.notBusinessDay(day);
  if (day === context.shipBy) return DELAY_MESSAGES.same(context.shipBy);
  return null;
}
