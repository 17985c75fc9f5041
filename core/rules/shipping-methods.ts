/**
 * The names the order schema and the ship-date rules share: how a lens travels and how a promise stands. They
 * live apart from core/rules/ship-date.ts so that the order schema, which every page's route table loads, names
 * them without bringing the calendar arithmetic and its holiday tables into the customer pages.
 */

/** How a lens travels to the practice; each takes its own business days (the calendar's transitDays). */
export const SHIPPING_METHODS = ['standard', 'express', 'overnight'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** Where an open order stands against its ship-by day (core/rules/ship-date.ts promiseState decides). */
export const PROMISE_STATES = ['on-time', 'at-risk', 'late', 'shipped-on-time'] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];

export const PROMISE_STATE_LABELS: Record<PromiseState, string> = {
  'on-time': 'On time',
  'at-risk': 'At risk',
  late: 'Late',
  'shipped-on-time': 'Shipped on time',
};
