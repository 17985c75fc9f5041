import { activityStatus, isOpenSession } from '../../../core/rules/activity-status';
import { localDay } from '../../../core/rules/calendar-days';
import { ORDER_STATUSES, type OrderStatus } from '../../../core/rules/order-lifecycle';
import type { AdminDashboard } from '../../../core/schemas/orders';
import type { ActiveUsers } from '../../ports/active-users';
import { counterNames, weekStartOf } from '../../ports/orders-repository';
import { toSummary } from './order-view';
import type { OrderDeps } from './order-deps';

export const ACTIVE_WINDOW_MS = 5 * 60 * 1000;
const WEEKS = 12;
const MAX_ACTIVE_USERS = 100;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The longest on-time window: its days' counters are read in one BatchGet with the rest. */
const ON_TIME_DAYS = 90;

/** The `count` calendar days up to `today` (included), oldest first. */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  );
}

/** The Mondays of the last `count` weeks, oldest first, the current week last. */
export function lastWeekStarts(now: Date, count: number = WEEKS): string[] {
  const thisWeek = Date.parse(`${weekStartOf(now.toISOString())}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(thisWeek - (count - 1 - i) * WEEK_MS).toISOString().slice(0, 10),
  );
}

/**
 * The lab's overview: every number comes from the counters written with each order change (the on-time record
 * from the per-day counters each close writes: 90 days of them, summed, never a scan of the orders), the oldest
 * waiting order is the first item of the queue's Query, active users a Query on userActivity.
 */
export async function getAdminDashboard(
  deps: Pick<OrderDeps, 'orders' | 'now' | 'production'> & { activeUsers: ActiveUsers },
): Promise<AdminDashboard> {
  const now = deps.now();
  const weeks = lastWeekStarts(now);
  const { calendar } = await deps.production.get();
  const days = lastDays(localDay(now, calendar.timeZone), ON_TIME_DAYS);
  const [counts, oldest, active] = await Promise.all([
    deps.orders.counters([
      ...ORDER_STATUSES.map(counterNames.status),
      ...weeks.map(counterNames.week),
      ...days.flatMap((day) => [counterNames.shipped(day), counterNames.shippedOnTime(day)]),
    ]),
    deps.orders.listByStatus({ status: 'submitted', limit: 1 }),
    deps.activeUsers.since(now.getTime() - ACTIVE_WINDOW_MS, MAX_ACTIVE_USERS),
  ]);
  const window = (length: number) => {
    const inWindow = days.slice(-length);
    const sum = (name: (day: string) => string) => inWindow.reduce((total, day) => total + (counts[name(day)] ?? 0), 0);
    const shipped = sum(counterNames.shipped);
    const onTime = sum(counterNames.shippedOnTime);
    return { shipped, onTime, rate: shipped === 0 ? null : onTime / shipped };
  };
  const countsByStatus = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, Math.max(0, counts[counterNames.status(s)] ?? 0)]),
  ) as Record<OrderStatus, number>;
  return {
    countsByStatus,
    oldestWaiting: oldest.items[0] ? toSummary(oldest.items[0]) : null,
    ordersPerWeek: weeks.map((weekStart) => ({ weekStart, count: counts[counterNames.week(weekStart)] ?? 0 })),
    onTime: { last30: window(30), last90: window(ON_TIME_DAYS) },
    // The store asks only for open sessions; this keeps a stale index entry from showing a signed-out user.
    activeUsers: active.filter(isOpenSession).map((a) => ({
      userId: a.userId,
      email: a.userEmail,
      role: a.userRole,
      lastActivity: a.lastActivity,
      // The record is up to a sync period old: what it said, or idle by now.
      status:
        a.status === 'idle' || activityStatus(a.lastActivity, now.getTime(), false) === 'idle' ? 'idle' : 'active',
    })),
  };
}
