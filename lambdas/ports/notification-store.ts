import type { NotificationItem, NotificationChoices } from '../../core/schemas/notifications';
import type { OutboxMessage } from '../kernel/outbox';
import { refusalsOf } from '../kernel/write-refused';

/** A new inbox item for one user. `digestDay` is set when the user takes its event as a daily digest. */
export interface NewNotification {
  userId: string;
  item: NotificationItem & { readAt: null };
  digestDay?: string | undefined;
}

/** A user's saved choices (only the events they chose) and the version a change must name. */
export interface SavedChoices {
  choices: NotificationChoices;
  version: number;
  /** When they last marked everything read: items raised up to then read as read. */
  readUpTo: string | null;
}

/**
 * An item's id: when it was raised (ms) and a digest of what raised it for whom, so the store finds an item
 * from its id alone and a redelivered notice makes the same id.
 */
export const notificationId = (createdAt: string, digest: string): string => `${Date.parse(createdAt)}-${digest}`;

/** When the item with this id was raised (ISO), or null for an id the store never made. */
export function raisedAtOfId(id: string): string | null {
  const match = /^(\d{1,15})-[A-Za-z0-9_-]+$/.exec(id);
  if (!match) return null;
  const at = new Date(Number(match[1]));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** An item waiting for a day's digest, with its owner. */
export interface DigestItem {
  userId: string;
  item: NotificationItem;
}

export interface NotificationPage {
  items: NotificationItem[];
  nextCursor: string | null;
  unread: number;
}

/**
 * Why the store refused a write: the choices changed since the version the user read (`changed`), or another
 * write to the user's inbox went first (`raced`: an item arrived or was read meanwhile; try again).
 */
export type NotificationRefusal = 'changed' | 'raced';
export const notificationRefusals = refusalsOf<NotificationRefusal>('notifications');

/** How a write refused `raced` is tried again: at once-ish, a few times (the inbox is one user's). */
export const INBOX_RETRY = {
  attempts: 6,
  baseMs: 15,
  jitterMs: 25,
  retries: (error: unknown) => notificationRefusals.is(error, 'raced'),
};

/**
 * The notification centre's inbox (core/data/tables.ts `notifications`), one partition per user. The unread
 * count changes in the same write as the items it counts, so it never drifts from them and never goes below
 * zero; "mark all read" is one write however many items wait (a watermark: every item raised up to then reads
 * as read).
 */
export interface NotificationStore {
  /**
   * Adds an item and counts it unread, once: an item whose id the user already has changes nothing (a
   * redelivered notice). An item raised before the user's last "mark all read" is stored read and not
   * counted. True when it was added. Refused `raced` when another write to the inbox held it.
   */
  add(notification: NewNotification): Promise<boolean>;
  /** A page of the user's items, newest first, with their unread count. Bad cursors are a 400. */
  list(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<NotificationPage>;
  /** The unread count alone: one read. */
  unread(userId: string): Promise<number>;
  /**
   * Marks these items read (ids the user does not have, or already read, are passed over); the count after.
   * Refused `raced` when the inbox changed between its read and its write (nothing of that part is written).
   */
  markRead(userId: string, ids: readonly string[], at: string): Promise<number>;
  /** Marks every item raised up to `at` read; the count after (0, unless a later item arrived meanwhile). */
  markAllRead(userId: string, at: string): Promise<number>;
  /** The user's saved choices; none saved: empty at version 0. Also when they last marked all read. */
  choices(userId: string): Promise<SavedChoices>;
  /** The saved choices of several users (those with none are left out). */
  choicesOf(userIds: readonly string[]): Promise<Map<string, NotificationChoices>>;
  /**
   * Replaces the user's saved choices when their version is still `expectedVersion` (0: none saved yet), and
   * counts it up. Refused `changed` otherwise.
   */
  saveChoices(userId: string, choices: NotificationChoices, expectedVersion: number): Promise<SavedChoices>;
  /** A page of the items waiting for a day's digest, grouped by user (by user id, then oldest first). */
  digestItems(
    day: string,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<{ items: DigestItem[]; nextCursor: string | null }>;
  /**
   * Records that the user's digest of `day` went, in one write with its email's outbox message: false (and
   * nothing stored) when it went already.
   */
  markDigestSent(userId: string, day: string, sentAt: string, messages: readonly OutboxMessage[]): Promise<boolean>;
}
