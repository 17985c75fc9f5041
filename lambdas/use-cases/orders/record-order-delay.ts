import { CHANGED_MESSAGES } from '../../../core/messages';
import { aborted, invalidArgument, permissionDenied } from '../../../core/errors';
import { localDay } from '../../../core/rules/calendar-days';
import { DELAY_MESSAGES, DELAYABLE_STATUSES, newShipByProblem } from '../../../core/rules/order-delays';
import { addBusinessDays, businessDaysBetween } from '../../../core/rules/ship-date';
import type { Order, RecordOrderDelayInput } from '../../../core/schemas/orders';
import type { Identity } from '../../auth/verify-token';
import { displayName, isLab } from '../../kernel/caller';
import { orderEmail } from './order-email';
import type { OrderDeps } from './order-deps';
import { saveOrderChange } from './save-order-change';
import { loadVisibleOrder } from './order-view';

export type RecordOrderDelayDeps = Pick<OrderDeps, 'orders' | 'users' | 'production' | 'audit' | 'now' | 'sleep'>;

const shipByRefusal = (message: string) => invalidArgument(message, { shipBy: [message] });

/**
 * `recordOrderDelay` (admins): the lab moves an order's ship-by day and says why. The new day is a business day
 * of the lab, not before today (lab-local); arrive-by moves with it by the same transit the promise had.
 * `firstShipBy` stays, so the order is still measured against what was first promised. One transaction: the
 * order (on the version the lab read, with the delay and a timeline entry whose note is the reason) and the
 * practice's 'order-delayed' email in the outbox.
 */
export async function recordOrderDelay(
  caller: Identity,
  input: RecordOrderDelayInput,
  deps: RecordOrderDelayDeps,
): Promise<Order> {
  if (!isLab(caller)) throw permissionDenied();
  const { order, user } = await loadVisibleOrder(caller, input.orderId, deps);
  if (order.version !== input.version) throw aborted(CHANGED_MESSAGES.order);
  if (!DELAYABLE_STATUSES.includes(order.status)) throw aborted(DELAY_MESSAGES.notDelayable);
  const { promise } = order;
  if (!promise) throw aborted(DELAY_MESSAGES.noPromise);

  const { calendar } = await deps.production.get();
  const now = deps.now();
  const problem = newShipByProblem(input.shipBy, {
    today: localDay(now, calendar.timeZone),
    calendar,
    shipBy: promise.shipBy,
  });
  if (problem) throw shipByRefusal(problem);

  const at = now.toISOString();
  const by = { userId: caller.userId, name: displayName(user, caller.email) };
  const transit = businessDaysBetween(promise.shipBy, promise.arriveBy, calendar);
  const delayed: Order = {
    ...order,
    promise: { ...promise, shipBy: input.shipBy, arriveBy: addBusinessDays(input.shipBy, transit, calendar) },
    delays: [
      ...(order.delays ?? []),
      { at, by, reason: input.reason, previousShipBy: promise.shipBy, shipBy: input.shipBy },
    ],
    updatedAt: at,
    version: order.version + 1,
    history: [
      ...order.history,
      { at, action: 'delay', from: order.status, to: order.status, by: { ...by, actor: 'lab' }, note: input.reason },
    ],
  };
  // Built once: a retried write stores the same message.
  const notices = [orderEmail(deps, 'order-delayed', delayed)];
  await saveOrderChange(deps, order, delayed, notices);
  // The reason is left out: it is written to the practice about one patient's lens.
  await deps.audit.recordChange({
    action: 'order.delay',
    target: { type: 'order', id: order.orderId },
    accountNumber: order.accountNumber,
    before: { orderNumber: order.orderNumber, shipBy: promise.shipBy, version: order.version },
    after: { orderNumber: order.orderNumber, shipBy: input.shipBy, version: delayed.version },
    keep: ['orderNumber'],
  });
  return delayed;
}
