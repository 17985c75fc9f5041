import { beforeEach, describe, expect, it } from 'vitest';
import { seedDemoNotifications } from '../../../local/seed/demo-notifications';
import { seedDemoOrders } from '../../../local/seed/demo-orders';
import { DEMO_IDS, demoDirectory } from '../../support/demo-directory';
import { InMemoryNotificationStore } from '../../support/in-memory-notifications';
import { InMemoryOrders } from '../../support/order-fakes';

const NOW = new Date('2025-06-18T12:30:00.000Z');
const ids = DEMO_IDS;

let orders: InMemoryOrders;
let notifications: InMemoryNotificationStore;
let warnings: string[];

beforeEach(async () => {
  const { users, customers, lenses } = demoDirectory(NOW);
  orders = new InMemoryOrders();
  notifications = new InMemoryNotificationStore();
  warnings = [];
  await seedDemoOrders({ orders, users, customers, lenses }, ids, { now: NOW, warn: (m) => warnings.push(m) });
});

const seed = () => seedDemoNotifications({ orders, notifications }, ids, { warn: (m) => warnings.push(m) });

describe('demo notifications seed (the bell shows something at once)', () => {
  it('Brightview’s demo customer has three unread notifications with realistic titles, and two read', async () => {
    await seed();
    expect(warnings).toEqual([]);
    const items = notifications.itemsOf(ids.customer.userId);
    expect(items.filter((i) => i.readAt === null).map((i) => i.eventId)).toEqual([
      'order-received',
      'order-on-hold',
      'order-approved',
    ]);
    expect(items.filter((i) => i.readAt !== null).map((i) => i.eventId)).toEqual(['order-received', 'order-shipped']);
    expect(await notifications.unread(ids.customer.userId)).toBe(3);
    const hold = items.find((i) => i.eventId === 'order-on-hold')!;
    expect(hold.title).toMatch(/^Order LL-\d{6} on hold: the lab needs an answer$/);
    expect(hold.body).toContain('Grace Whitfield');
    expect(hold.link).toBe('/customer/orders/5d2c7a10-3f4e-4b8a-9c61-0a1b2c3d4e06');
    // Raised when the order changed, not when the seed ran.
    expect(hold.createdAt < NOW.toISOString()).toBe(true);
  });

  it('Harbor Vision’s demo user has its own bell: three unread (received, approved, shipped) and one read', async () => {
    await seed();
    const items = notifications.itemsOf(ids.secondPractice.userId);
    expect(items.filter((i) => i.readAt === null).map((i) => i.eventId)).toEqual([
      'order-received',
      'order-approved',
      'order-shipped',
    ]);
    expect(items.filter((i) => i.readAt !== null).map((i) => i.eventId)).toEqual(['order-approved']);
  });

  it('the lab’s demo staff find the newest orders in their bell', async () => {
    await seed();
    for (const staff of [ids.admin, ids.superAdmin]) {
      const titles = notifications.itemsOf(staff.userId).map((i) => i.title);
      expect(titles).toHaveLength(3);
      expect(titles.every((t) => /^New order LL-\d{6}$/.test(t))).toBe(true);
    }
  });

  it('a second seed adds nothing', async () => {
    await seed();
    const before = notifications.rows.size;
    expect(await seed()).toEqual({ raised: 0 });
    expect(notifications.rows.size).toBe(before);
    expect(await notifications.unread(ids.customer.userId)).toBe(3);
  });
});
