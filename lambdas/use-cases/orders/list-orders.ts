import { FORM_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { invalidArgument } from '../../../core/errors';
import { localDay } from '../../../core/rules/calendar-days';
import { promiseState, type ShippingCalendar } from '../../../core/rules/ship-date';
import type { listOrdersInputSchema, Order, OrderSummary, QueueSort } from '../../../core/schemas/orders';
import { toSummary } from './order-view';
import type { OrderDeps } from './order-deps';

/** The route's input; `sort` may be left out (the oldest first, as before sorting existed). */
type ListOrdersInput = Omit<z.infer<typeof listOrdersInputSchema>, 'sort'> & { sort?: QueueSort | undefined };

/** The statuses whose orders the lab still has to ship: their promise state is counted against today. */
const TO_SHIP: readonly Order['status'][] = ['submitted', 'on-hold', 'approved'];

/**
 * An order as the lab's queue lists it: the summary with its promise and where it stands against it today
 * (core/rules/ship-date.ts promiseState): not shipped yet, on time, at risk or late; shipped, on time or late
 * against the ship-by day first promised. Orders placed before promises, and those that will never ship, have no
 * state.
 */
export function queueSummary(order: Order, today: string, calendar: ShippingCalendar): OrderSummary {
  const summary = toSummary(order);
  const { promise } = order;
  if (!promise) return summary;
  const state =
    order.status === 'closed' && order.shippedOn
      ? promiseState({ shipBy: promise.firstShipBy, shippedOn: order.shippedOn, today, calendar })
      : TO_SHIP.includes(order.status)
        ? promiseState({ shipBy: promise.shipBy, today, calendar })
        : undefined;
  return {
    ...summary,
    promise: { shipBy: promise.shipBy, firstShipBy: promise.firstShipBy, arriveBy: promise.arriveBy },
    ...(state ? { promiseState: state } : {}),
  };
}

/**
 * The approval queue: one status, oldest first by when orders entered it, a Query on byStatus; or soonest
 * ship-by day first, a Query on byShipBy (orders with a promise only). The date filter bounds when orders entered
 * the status. Each summary carries its promise state, counted at read time on the lab's calendar.
 */
export async function listOrders(
  input: ListOrdersInput,
  deps: Pick<OrderDeps, 'orders' | 'production' | 'now'>,
): Promise<{ items: OrderSummary[]; nextCursor: string | null }> {
  if (input.from && input.to && input.from > input.to)
    throw invalidArgument(FORM_MESSAGES.startAfterEnd, { from: [FORM_MESSAGES.startAfterEnd] });
  const [page, { calendar }] = await Promise.all([
    deps.orders.listByStatus({
      status: input.status,
      accountNumber: input.accountNumber,
      from: input.from ? `${input.from}T00:00:00.000Z` : undefined,
      to: input.to ? `${input.to}T23:59:59.999Z` : undefined,
      search: input.search || undefined,
      limit: input.limit,
      cursor: input.cursor,
      sort: input.sort,
    }),
    deps.production.get(),
  ]);
  const today = localDay(deps.now(), calendar.timeZone);
  return { items: page.items.map((order) => queueSummary(order, today, calendar)), nextCursor: page.nextCursor };
}
