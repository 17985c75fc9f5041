import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationItem } from '../../../../../core/schemas/notifications';
import { callRoute, type RouteInput, type RouteOutput } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** A page of the caller's inbox, newest first, with their unread count (route listNotifications). */
export const listNotifications = (input: RouteInput<'listNotifications'>) => callRoute('listNotifications', input);

/** The pages of the inbox loaded so far, as one list; `nextCursor` is where "Load more" goes on. */
export interface Inbox {
  items: NotificationItem[];
  nextCursor: string | null;
  unread: number;
}

/** Items of a further page that an earlier one already holds (a notice arrived between the two) show once. */
const appended = (items: NotificationItem[], more: NotificationItem[]) => {
  const held = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !held.has(item.id))];
};

/**
 * The inbox as far as the user has loaded it. Asked again (a notice arrived, the page came back), it reads as
 * many pages as were shown, from the newest, so the list neither shrinks under the user nor repeats an item.
 * (Not TanStack's infinite query: its code would join the file every page loads first.)
 */
export const inboxQueryOptions = (queryClient: QueryClient, userId: string | null) =>
  queryOptions({
    queryKey: notificationKeys.inbox(userId),
    queryFn: async (): Promise<Inbox> => {
      const shown = queryClient.getQueryData<Inbox>(notificationKeys.inbox(userId))?.items.length ?? 0;
      let page = await listNotifications({});
      let items = page.items;
      while (items.length < shown && page.nextCursor) {
        page = await listNotifications({ cursor: page.nextCursor });
        items = appended(items, page.items);
      }
      return { items, nextCursor: page.nextCursor, unread: page.unread };
    },
    enabled: userId !== null,
  });

/**
 * The unread count as the bell last read it, without asking for it. Only the bell asks (and imports the
 * asking), so its code stays one file.
 */
const useKnownUnreadCount = (userId: string | null) =>
  useQuery<RouteOutput<'countUnreadNotifications'>>({ queryKey: notificationKeys.unread(userId), queryFn: skipToken });

/**
 * The inbox and its "Load more". The bell and the list agree: the list's unread count goes to the bell when
 * it is the newer, and a newer count from the bell that the list does not match (a notice arrived, another tab
 * read some) asks for the list again.
 */
export function useInbox(userId: string | null) {
  const queryClient = useQueryClient();
  const key = notificationKeys.inbox(userId);
  const inbox = useQuery(inboxQueryOptions(queryClient, userId));
  const more = useMutation({
    mutationFn: (cursor: string) => listNotifications({ cursor }),
    onSuccess: (page) =>
      queryClient.setQueryData<Inbox>(key, (data) =>
        data ? { items: appended(data.items, page.items), nextCursor: page.nextCursor, unread: page.unread } : data,
      ),
  });
  const count = useKnownUnreadCount(userId);
  const listed = inbox.data?.unread;
  const listedAt = inbox.dataUpdatedAt;
  const counted = count.data?.unread;
  const countedAt = count.dataUpdatedAt;
  const { refetch } = inbox;

  useEffect(() => {
    if (listed === undefined || listed === counted) return;
    if (listedAt > countedAt) {
      queryClient.setQueryData(notificationKeys.unread(userId), { unread: listed }, { updatedAt: listedAt });
    } else if (counted !== undefined) {
      void refetch();
    }
  }, [listed, listedAt, counted, countedAt, queryClient, userId, refetch]);

  const nextCursor = inbox.data?.nextCursor ?? null;
  return {
    inbox,
    loadMore: nextCursor ? () => more.mutate(nextCursor) : null,
    loadingMore: more.isPending,
    loadMoreFailed: more.isError,
  };
}
