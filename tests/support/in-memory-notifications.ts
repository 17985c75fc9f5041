import type { NotificationChoices, NotificationItem } from '../../core/schemas/notifications';
import { invalidArgument } from '../../core/errors';
import { INVALID_CURSOR } from '../../lambdas/paging/page-cursor';
import type { OutboxMessage } from '../../lambdas/kernel/outbox';
import type { Listener, NotificationAudiences } from '../../lambdas/ports/notification-audiences';
import {
  notificationRefusals,
  raisedAtOfId,
  type NewNotification,
  type NotificationStore,
  type SavedChoices,
} from '../../lambdas/ports/notification-store';
import { InMemoryOutbox } from './in-memory-outbox';

interface Row {
  userId: string;
  item: NotificationItem;
  digestDay?: string | undefined;
}

interface Meta {
  unread: number;
  readUpTo: string | null;
  choices: NotificationChoices;
  version: number;
}

const key = (userId: string, createdAt: string, id: string) => `${userId}\n${createdAt}\n${id}`;
const readAtOf = (item: NotificationItem, readUpTo: string | null) =>
  item.readAt ?? (readUpTo !== null && item.createdAt <= readUpTo ? readUpTo : null);
const cursorOf = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
const cursorValue = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');

/**
 * The notifications table in memory, as dynamo-notification-store.ts keeps it (the contract suite
 * tests/support/contracts/notification-store.ts runs against both). `raceNext` makes the next add or mark-read
 * refuse `raced` once, as DynamoDB does when another write held the user's inbox.
 */
export class InMemoryNotificationStore implements NotificationStore {
  readonly rows = new Map<string, Row>();
  readonly metas = new Map<string, Meta>();
  readonly digestMarks = new Set<string>();
  raceNext = 0;

  constructor(readonly outbox: InMemoryOutbox = new InMemoryOutbox()) {}

  private meta(userId: string): Meta {
    return this.metas.get(userId) ?? { unread: 0, readUpTo: null, choices: {}, version: 0 };
  }

  private raced(): void {
    if (this.raceNext > 0) {
      this.raceNext--;
      throw notificationRefusals.refuse('raced');
    }
  }

  /** The user's items, newest first, as they read. */
  itemsOf(userId: string): NotificationItem[] {
    const { readUpTo } = this.meta(userId);
    return [...this.rows.values()]
      .filter((r) => r.userId === userId)
      .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.item.id.localeCompare(a.item.id))
      .map((r) => ({ ...r.item, readAt: readAtOf(r.item, readUpTo) }));
  }

  async add({ userId, item, digestDay }: NewNotification): Promise<boolean> {
    this.raced();
    const k = key(userId, item.createdAt, item.id);
    if (this.rows.has(k)) return false;
    const meta = this.meta(userId);
    this.rows.set(k, { userId, item: structuredClone(item), digestDay });
    if (meta.readUpTo === null || meta.readUpTo < item.createdAt)
      this.metas.set(userId, { ...meta, unread: meta.unread + 1 });
    return true;
  }

  async list(userId: string, page: { limit: number; cursor?: string | undefined }) {
    const items = this.itemsOf(userId);
    let start = 0;
    if (page.cursor) {
      const after = cursorValue(page.cursor);
      const at = items.findIndex((i) => `${userId}#${i.id}` === after);
      if (at < 0) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
      start = at + 1;
    }
    const slice = items.slice(start, start + page.limit);
    const more = start + page.limit < items.length;
    return {
      items: slice,
      nextCursor: more && slice.length ? cursorOf(`${userId}#${slice.at(-1)!.id}`) : null,
      unread: this.meta(userId).unread,
    };
  }

  async unread(userId: string): Promise<number> {
    return this.meta(userId).unread;
  }

  async markRead(userId: string, ids: readonly string[], at: string): Promise<number> {
    this.raced();
    const meta = this.meta(userId);
    let marked = 0;
    for (const id of ids) {
      const raisedAt = raisedAtOfId(id);
      const row = raisedAt ? this.rows.get(key(userId, raisedAt, id)) : undefined;
      if (!row || readAtOf(row.item, meta.readUpTo) !== null) continue;
      row.item = { ...row.item, readAt: at };
      marked++;
    }
    const unread = Math.max(0, meta.unread - marked);
    this.metas.set(userId, { ...meta, unread });
    return unread;
  }

  async markAllRead(userId: string, at: string): Promise<number> {
    const meta = this.meta(userId);
    if (meta.readUpTo !== null && meta.readUpTo >= at) return meta.unread;
    this.metas.set(userId, { ...meta, readUpTo: at, unread: 0 });
    return 0;
  }

  async choices(userId: string): Promise<SavedChoices> {
    const { choices, version, readUpTo } = this.meta(userId);
    return { choices: { ...choices }, version, readUpTo };
  }

  async choicesOf(userIds: readonly string[]): Promise<Map<string, NotificationChoices>> {
    return new Map(
      userIds.flatMap((id) => {
        const meta = this.metas.get(id);
        return meta && meta.version > 0 ? [[id, { ...meta.choices }] as const] : [];
      }),
    );
  }

  async saveChoices(userId: string, choices: NotificationChoices, expectedVersion: number): Promise<SavedChoices> {
    const meta = this.meta(userId);
    if (meta.version !== expectedVersion) throw notificationRefusals.refuse('changed');
    const saved = { ...meta, choices: { ...choices }, version: expectedVersion + 1 };
    this.metas.set(userId, saved);
    return { choices: { ...saved.choices }, version: saved.version, readUpTo: saved.readUpTo };
  }

  async digestItems(day: string, page: { limit: number; cursor?: string | undefined }) {
    const waiting = [...this.rows.values()]
      .filter((r) => r.digestDay === day)
      .sort(
        (a, b) =>
          a.userId.localeCompare(b.userId) ||
          a.item.createdAt.localeCompare(b.item.createdAt) ||
          a.item.id.localeCompare(b.item.id),
      );
    const keyOf = (r: Row) => `${r.userId}#${r.item.id}`;
    let start = 0;
    if (page.cursor) {
      const after = cursorValue(page.cursor);
      start = waiting.findIndex((r) => keyOf(r) === after) + 1;
      if (start === 0) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
    }
    const slice = waiting.slice(start, start + page.limit);
    const more = start + page.limit < waiting.length;
    return {
      items: slice.map((r) => ({ userId: r.userId, item: { ...r.item } })),
      nextCursor: more && slice.length ? cursorOf(keyOf(slice.at(-1)!)) : null,
    };
  }

  async markDigestSent(userId: string, day: string, _sentAt: string, messages: readonly OutboxMessage[]) {
    const mark = `${userId}\n${day}`;
    if (this.digestMarks.has(mark)) return false;
    try {
      this.outbox.store(messages);
    } catch {
      return false;
    }
    this.digestMarks.add(mark);
    return true;
  }
}

/** Who hears of events, set by the test: the practices' linked users by account, and the lab's staff. */
export class InMemoryNotificationAudiences implements NotificationAudiences {
  readonly practices = new Map<string, Listener[]>();
  staff: Listener[] = [];
  failPractice: Error | null = null;
  failStaff: Error | null = null;

  async practiceUsers(accountNumber: string): Promise<Listener[]> {
    if (this.failPractice) throw this.failPractice;
    return this.practices.get(accountNumber) ?? [];
  }

  async labStaff(): Promise<Listener[]> {
    if (this.failStaff) throw this.failStaff;
    return this.staff;
  }
}
