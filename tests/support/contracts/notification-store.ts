import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../core/schemas/notifications';
import type { OutboxMessage } from '../../../lambdas/kernel/outbox';
import {
  notificationId,
  notificationRefusals,
  type NewNotification,
  type NotificationStore,
} from '../../../lambdas/ports/notification-store';
import { allPages, refusalOf } from './contract-helpers';

export interface NotificationStoreUnderTest {
  store: NotificationStore;
  /** The outbox message stored with a digest mark, or null. */
  outboxMessage(messageId: string): Promise<OutboxMessage | null>;
}

/**
 * The inbox rules the in-memory fake (tests/support/in-memory-notifications.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * Every test makes its own users and far-future days, so runs sharing the table never meet.
 */
export function notificationStoreContract(label: string, make: () => NotificationStoreUnderTest) {
  describe(`${label}: the notification store contract`, () => {
    const base = Date.UTC(2099, 0, 1) + Math.floor(Math.random() * 1e9);
    const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
    const user = () => `contract-${randomUUID()}`;
    const day = () =>
      `2${String(100 + Math.floor(Math.random() * 800))}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const fresh = (userId: string, offsetMs: number, extra: Partial<NewNotification> = {}): NewNotification => {
      const createdAt = at(offsetMs);
      return {
        userId,
        item: {
          id: notificationId(createdAt, randomUUID().replaceAll('-', '')),
          eventId: 'order-approved',
          title: `Order LL-${offsetMs} approved`,
          body: 'The order for patient J. Doe is approved for production.',
          link: '/customer/orders/8d0e1a2b-0000-4000-8000-000000000001',
          createdAt,
          readAt: null,
          accountNumber: 'BV-1001',
        },
        ...extra,
      };
    };
    const ids = (items: NotificationItem[]) => items.map((i) => i.id);

    it('an item is added once and counted unread once: a redelivery adds and counts nothing', async () => {
      const { store } = make();
      const userId = user();
      const n = fresh(userId, 1);
      expect(await store.add(n)).toBe(true);
      expect(await store.add(structuredClone(n))).toBe(false);
      expect(await store.unread(userId)).toBe(1);
      const page = await store.list(userId, { limit: 10 });
      expect(page.items).toEqual([n.item]);
      expect(page.unread).toBe(1);
    });

    it('a user with nothing has no items and an unread count of zero', async () => {
      const { store } = make();
      const userId = user();
      expect(await store.unread(userId)).toBe(0);
      expect(await store.list(userId, { limit: 10 })).toEqual({ items: [], nextCursor: null, unread: 0 });
    });

    it('the list is newest first, paged by cursor, and holds only the user’s own items', async () => {
      const { store } = make();
      const [userId, other] = [user(), user()];
      const added = [fresh(userId, 10), fresh(userId, 30), fresh(userId, 20), fresh(other, 25)];
      for (const n of added) await store.add(n);
      const all = await allPages(async (cursor) => store.list(userId, { limit: 2, cursor }));
      expect(ids(all)).toEqual([added[1]!.item.id, added[2]!.item.id, added[0]!.item.id]);
    });

    it('a cursor from another user’s list is refused (400), never a start key of theirs', async () => {
      const { store } = make();
      const [userId, other] = [user(), user()];
      for (const offset of [1, 2, 3]) await store.add(fresh(other, offset));
      const { nextCursor } = await store.list(other, { limit: 1 });
      const refusal = await refusalOf(store.list(userId, { limit: 1, cursor: nextCursor! }));
      expect(refusal).toMatchObject({ status: 'invalid-argument' });
    });

    it('marking read lowers the count by the items that were unread, once; unknown ids are passed over', async () => {
      const { store } = make();
      const userId = user();
      const [a, b, c] = [fresh(userId, 1), fresh(userId, 2), fresh(userId, 3)];
      for (const n of [a, b, c]) await store.add(n);
      expect(await store.markRead(userId, [a.item.id, b.item.id, 'no-such-id', '1-unknown'], at(100))).toBe(1);
      expect(await store.markRead(userId, [a.item.id], at(200))).toBe(1);
      const items = (await store.list(userId, { limit: 10 })).items;
      expect(items.find((i) => i.id === a.item.id)?.readAt).toBe(at(100));
      expect(items.find((i) => i.id === c.item.id)?.readAt).toBeNull();
    });

    it('another user’s item id marks nothing of theirs', async () => {
      const { store } = make();
      const [userId, other] = [user(), user()];
      const theirs = fresh(other, 1);
      await store.add(theirs);
      await store.markRead(userId, [theirs.item.id], at(5));
      expect(await store.unread(other)).toBe(1);
    });

    it('mark all read: every item raised up to then reads as read, the count is zero, later items count again', async () => {
      const { store } = make();
      const userId = user();
      for (const offset of [1, 2, 3]) await store.add(fresh(userId, offset));
      expect(await store.markAllRead(userId, at(10))).toBe(0);
      expect((await store.list(userId, { limit: 10 })).items.every((i) => i.readAt === at(10))).toBe(true);
      // A notice raised before the mark but delivered after it is read already; one raised after counts.
      const late = fresh(userId, 5);
      expect(await store.add(late)).toBe(true);
      expect(await store.unread(userId)).toBe(0);
      await store.add(fresh(userId, 20));
      expect(await store.unread(userId)).toBe(1);
      const items = (await store.list(userId, { limit: 10 })).items;
      expect(items.find((i) => i.id === late.item.id)?.readAt).toBe(at(10));
      // Marking an item the watermark read already lowers nothing.
      expect(await store.markRead(userId, [late.item.id], at(30))).toBe(1);
    });

    it('choices: none saved is empty at version 0; a save counts the version up; a stale version is refused', async () => {
      const { store } = make();
      const userId = user();
      expect(await store.choices(userId)).toEqual({ choices: {}, version: 0, readUpTo: null });
      const saved = await store.saveChoices(userId, { 'order-approved': 'portal' }, 0);
      expect(saved).toEqual({ choices: { 'order-approved': 'portal' }, version: 1, readUpTo: null });
      const refusal = await refusalOf(store.saveChoices(userId, { 'order-approved': 'off' }, 0));
      expect(notificationRefusals.is(refusal, 'changed')).toBe(true);
      expect((await store.choices(userId)).choices).toEqual({ 'order-approved': 'portal' });
      expect((await store.saveChoices(userId, { 'order-approved': 'off' }, 1)).version).toBe(2);
    });

    it('saving choices keeps the unread count, and counting keeps the choices', async () => {
      const { store } = make();
      const userId = user();
      await store.add(fresh(userId, 1));
      await store.saveChoices(userId, { 'invoice-issued': 'digest' }, 0);
      await store.add(fresh(userId, 2));
      expect(await store.unread(userId)).toBe(2);
      expect((await store.choices(userId)).choices).toEqual({ 'invoice-issued': 'digest' });
    });

    it('choicesOf answers the users who saved choices and leaves out the others', async () => {
      const { store } = make();
      const [chose, counted, never] = [user(), user(), user()];
      await store.saveChoices(chose, { 'order-received': 'off' }, 0);
      await store.add(fresh(counted, 1));
      const found = await store.choicesOf([chose, counted, never]);
      expect([...found.entries()]).toEqual([[chose, { 'order-received': 'off' }]]);
    });

    it('a day’s digest lists the items waiting for it, user by user, oldest first, and nothing else', async () => {
      const { store } = make();
      const [d, other] = [day(), day()];
      const [u1, u2] = [user(), user()].sort() as [string, string];
      const waiting = [
        fresh(u2, 1, { digestDay: d }),
        fresh(u1, 3, { digestDay: d }),
        fresh(u1, 2, { digestDay: d }),
        fresh(u1, 4, { digestDay: other }),
        fresh(u1, 5),
      ];
      for (const n of waiting) await store.add(n);
      const listed = await allPages((cursor) => store.digestItems(d, { limit: 2, cursor }));
      const mine = listed.filter((e) => e.userId === u1 || e.userId === u2);
      expect(mine.map((e) => [e.userId, e.item.id])).toEqual([
        [u1, waiting[2]!.item.id],
        [u1, waiting[1]!.item.id],
        [u2, waiting[0]!.item.id],
      ]);
    });

    it('a digest is marked sent once, with its outbox message in the same write', async () => {
      const { store, outboxMessage } = make();
      const [userId, d] = [user(), day()];
      const message: OutboxMessage = {
        messageId: `contract-digest-${randomUUID()}`,
        topic: 'email',
        notice: { to: ['a@example.com'], subject: 'Digest', text: 'x', html: '<p>x</p>' },
        createdAt: at(0),
      };
      expect(await store.markDigestSent(userId, d, at(0), [message])).toBe(true);
      expect(await outboxMessage(message.messageId)).toMatchObject({ messageId: message.messageId, topic: 'email' });
      const again = { ...message, messageId: `contract-digest-${randomUUID()}` };
      expect(await store.markDigestSent(userId, d, at(1), [again])).toBe(false);
      expect(await outboxMessage(again.messageId)).toBeNull();
    });
  });
}
