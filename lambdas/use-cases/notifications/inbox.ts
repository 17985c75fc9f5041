import type {
  ListNotificationsInput,
  ListNotificationsOutput,
  MarkNotificationsReadInput,
  UnreadCountOutput,
} from '../../../core/schemas/notifications';
import type { Identity } from '../../auth/verify-token';
import { aborted } from '../../../core/errors';
import type { Clock } from '../../kernel/clock';
import { retryOnRefusal } from '../../kernel/retry';
import { INBOX_RETRY, type NotificationStore } from '../../ports/notification-store';

/** The caller's inbox only: every operation takes the user from the verified token, never from the input. */

export async function listNotifications(
  caller: Identity,
  input: ListNotificationsInput,
  deps: { notifications: Pick<NotificationStore, 'list'> },
): Promise<ListNotificationsOutput> {
  return deps.notifications.list(caller.userId, { limit: input.limit, cursor: input.cursor });
}

/** What the bell polls: the count alone, one read. */
export async function countUnreadNotifications(
  caller: Identity,
  deps: { notifications: Pick<NotificationStore, 'unread'> },
): Promise<UnreadCountOutput> {
  return { unread: await deps.notifications.unread(caller.userId) };
}

/** Marks the named items (or all) read; answers the count the bell shows next. */
export async function markNotificationsRead(
  caller: Identity,
  input: MarkNotificationsReadInput,
  deps: Clock & { notifications: Pick<NotificationStore, 'markRead' | 'markAllRead'> },
): Promise<UnreadCountOutput> {
  const at = deps.now().toISOString();
  if ('all' in input) return { unread: await deps.notifications.markAllRead(caller.userId, at) };
  const ids = [...new Set(input.ids)];
  const rule = { ...INBOX_RETRY, exhausted: () => aborted('Your notifications are changing. Please try again.') };
  return { unread: await retryOnRefusal(deps, rule, () => deps.notifications.markRead(caller.userId, ids, at)) };
}
