import type { Order } from '../../core/schemas/orders';
import { outboxMessage } from '../../lambdas/kernel/outbox';
import type { Listener, NotificationAudiences } from '../../lambdas/ports/notification-audiences';
import type { NotificationStore } from '../../lambdas/ports/notification-store';
import type { OrderEmailKind } from '../../lambdas/ports/order-notifier';
import type { OrdersRepository } from '../../lambdas/ports/orders-repository';
import { raiseNotifications } from '../../lambdas/use-cases/notifications';
import { DEMO_USERS, type DemoUser } from './demo-data';

/**
 * Demo notifications, so the bell has something to show at once: the demo orders are seeded without their
 * notices (demo-orders.ts), so the notices of their last few changes are raised here through the centre's own
 * fan-out, with the times the orders hold. Brightview's demo customer finds three unread (an order approved,
 * one on hold, one received) and two read; Harbor Vision's finds three unread (received, approved, shipped) and one read; the
 * lab's demo staff find the newest orders. A user whose bell has
 * items already is left alone, so a second seed adds nothing.
 */

type DemoUserIds = Record<DemoUser['key'], { userId: string; email: string }>;

export interface DemoNotificationDeps {
  orders: Pick<OrdersRepository, 'get'>;
  notifications: NotificationStore;
}

interface DemoNotice {
  orderId: string;
  kind: OrderEmailKind;
  /** Shown as read in the demo customer's bell. */
  read?: true;
}

export const DEMO_NOTICES: DemoNotice[] = [
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e04', kind: 'order-closed', read: true },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e05', kind: 'order-approved' },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e06', kind: 'order-on-hold' },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e12', kind: 'order-submitted' },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e07', kind: 'order-submitted', read: true },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e08', kind: 'order-submitted' },
  // Harbor Vision's bell: its browser journey reads and clears it, while the journeys beside it keep changing
  // Brightview's orders (and so Brightview's bell).
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e10', kind: 'order-approved', read: true },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e10', kind: 'order-closed' },
  { orderId: '5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e11', kind: 'order-approved' },
];

const REACHED: Partial<Record<OrderEmailKind, Order['status']>> = {
  'order-approved': 'approved',
  'order-on-hold': 'on-hold',
  'order-closed': 'closed',
};

/** When the change the notice reports happened, as the order's history holds it. */
const changedAt = (order: Order, kind: OrderEmailKind): string | undefined => {
  const to = REACHED[kind];
  return to ? order.history.filter((h) => h.to === to).at(-1)?.at : order.submittedAt;
};

export async function seedDemoNotifications(
  deps: DemoNotificationDeps,
  users: DemoUserIds,
  options: { warn?: (message: string) => void } = {},
): Promise<{ raised: number }> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const listener = (key: DemoUser['key']): Listener => ({ userId: users[key].userId, email: users[key].email });
  // Each practice's linked users, as the demo users are linked (their accounts).
  const practices: Record<string, Listener[]> = {};
  for (const user of DEMO_USERS.filter((u) => u.groups.includes('customer')))
    for (const account of [user.accountNumber, ...(user.accountNumbers ?? [])].filter((a): a is string => !!a))
      (practices[account] ??= []).push(listener(user.key));
  const staff = [listener('admin'), listener('superAdmin')];
  const hasItems = async (who: Listener) => (await deps.notifications.list(who.userId, { limit: 1 })).items.length > 0;
  const quiet = new Set<string>();
  for (const who of [...Object.values(practices).flat(), ...staff]) if (await hasItems(who)) quiet.add(who.userId);
  const fresh = (list: Listener[]) => list.filter((who) => !quiet.has(who.userId));
  const audiences: NotificationAudiences = {
    practiceUsers: async (accountNumber) => fresh(practices[accountNumber] ?? []),
    labStaff: async () => fresh(staff),
  };

  let raised = 0;
  const toMarkRead: string[] = [];
  for (const notice of DEMO_NOTICES) {
    const order = await deps.orders.get(notice.orderId);
    const at = order && changedAt(order, notice.kind);
    if (!order || !at) {
      warn(`Demo notification skipped: order ${notice.orderId} is not ${notice.kind.replace('order-', '')}`);
      continue;
    }
    const message = outboxMessage(
      { now: () => new Date(at) },
      'order',
      { kind: notice.kind, order, practiceUserId: order.createdBy.userId },
      `demo-notice-${notice.orderId}-${notice.kind}`,
    );
    const result = await raiseNotifications(
      { notifications: deps.notifications, audiences, now: () => new Date(at), sleep: async () => {} },
      message,
    );
    raised += result.added;
    if (notice.read) toMarkRead.push(message.createdAt);
  }

  for (const key of ['customer', 'secondPractice'] as const) {
    const practiceUser = listener(key);
    if (quiet.has(practiceUser.userId) || toMarkRead.length === 0) continue;
    const { items } = await deps.notifications.list(practiceUser.userId, { limit: 50 });
    const read = items.filter((item) => toMarkRead.includes(item.createdAt)).map((item) => item.id);
    if (read.length === 0) continue;
    await deps.notifications.markRead(
      practiceUser.userId,
      read,
      new Date(Date.parse(toMarkRead.at(-1)!) + 3_600_000).toISOString(),
    );
  }
  return { raised };
}
