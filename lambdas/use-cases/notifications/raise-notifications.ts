import { createHash } from 'node:crypto';
import { digestDayOf } from '../../../core/rules/notification-digest';
import {
  effectiveChoices,
  emailsNow,
  eventOf,
  showsInPortal,
  type NotificationAudience,
} from '../../../core/rules/notification-events';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage } from '../../kernel/outbox';
import type { NotificationChoices } from '../../../core/schemas/notifications';
import type { Listener, NotificationAudiences } from '../../ports/notification-audiences';
import { retryOnRefusal } from '../../kernel/retry';
import {
  INBOX_RETRY,
  notificationId,
  type NewNotification,
  type NotificationStore,
} from '../../ports/notification-store';
import { noticeContent } from './notice-content';

export interface RaiseNotificationsDeps extends Clock {
  notifications: Pick<NotificationStore, 'add' | 'choicesOf'>;
  audiences: NotificationAudiences;
}

export interface RaisedNotifications {
  /** Lower-cased addresses of the practice's users who chose not to be emailed this notice's event. */
  notEmailed: ReadonlySet<string>;
  /** Items added now (a redelivered notice adds none). */
  added: number;
  /** Items that could not be stored: the delivery is tried again, and the ones stored already are not doubled. */
  failed: unknown[];
}

const AUDIENCES: readonly NotificationAudience[] = ['practice', 'lab'];
const ADDS_AT_ONCE = 8;
const ADDING = { ...INBOX_RETRY, exhausted: () => new Error('The inbox stayed busy; the delivery is tried again') };

/** The item's id: the notice, the user and the event, so a retried delivery makes the same one. */
const itemId = (message: Pick<OutboxMessage, 'messageId'>, createdAt: string, userId: string, eventId: string) =>
  notificationId(
    createdAt,
    createHash('sha256').update(`${message.messageId}\n${userId}\n${eventId}`).digest('base64url').slice(0, 22),
  );

/**
 * The notification centre's side of delivering a notice: the practice's users hear its practice event and the
 * lab's staff its lab event (core/rules/notification-events.ts `eventOf`), each in their inbox when their
 * choice shows it there, and in the day's digest when that is their choice. Answers whom of the practice not to
 * email (their choice is not `email`). A failed read of the practice's users or choices throws, so nobody is
 * emailed against their choice; the lab's staff that cannot be listed, or an item that cannot be stored, is
 * reported in `failed` (the delivery is tried again) and the rest still are stored.
 */
export async function raiseNotifications(
  deps: RaiseNotificationsDeps,
  message: OutboxMessage,
): Promise<RaisedNotifications> {
  const content = noticeContent(message);
  const notEmailed = new Set<string>();
  if (!content) return { notEmailed, added: 0, failed: [] };
  const createdAt = new Date(Date.parse(message.createdAt)).toISOString();
  const digestDay = digestDayOf(deps.now());
  const toAdd: NewNotification[] = [];
  const failed: unknown[] = [];

  for (const audience of AUDIENCES) {
    const event = eventOf(content.kind, audience);
    if (!event) continue;
    let listeners: Listener[];
    let saved: Map<string, NotificationChoices>;
    try {
      listeners =
        audience === 'lab'
          ? await deps.audiences.labStaff()
          : content.accountNumber
            ? await deps.audiences.practiceUsers(content.accountNumber)
            : [];
      saved = await deps.notifications.choicesOf(listeners.map((l) => l.userId));
    } catch (error) {
      // The practice's choices decide whom not to email, so without them nothing is sent; the lab's staff only
      // miss their items this try.
      if (audience === 'practice') throw error;
      failed.push(error);
      continue;
    }
    const text = content.textFor(audience);
    for (const listener of listeners) {
      const choice = effectiveChoices(audience, saved.get(listener.userId))[event.id] ?? event.defaultChoice;
      if (audience === 'practice' && !emailsNow(choice)) notEmailed.add(listener.email.trim().toLowerCase());
      if (!showsInPortal(choice)) continue;
      toAdd.push({
        userId: listener.userId,
        item: {
          id: itemId(message, createdAt, listener.userId, event.id),
          eventId: event.id,
          ...text,
          createdAt,
          readAt: null,
          ...(content.accountNumber ? { accountNumber: content.accountNumber } : {}),
        },
        ...(choice === 'digest' ? { digestDay } : {}),
      });
    }
  }

  let added = 0;
  for (let i = 0; i < toAdd.length; i += ADDS_AT_ONCE) {
    const results = await Promise.allSettled(
      toAdd.slice(i, i + ADDS_AT_ONCE).map((n) => retryOnRefusal(deps, ADDING, () => deps.notifications.add(n))),
    );
    for (const result of results) {
      if (result.status === 'rejected') failed.push(result.reason);
      else if (result.value) added++;
    }
  }
  return { notEmailed, added, failed };
}
