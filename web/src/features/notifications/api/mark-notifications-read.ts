import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import type { Inbox } from './list-notifications';
import { notificationKeys } from './query-keys';

export type MarkReadInput = RouteInput<'markNotificationsRead'>;

/** Marks some of the caller's items read, or all of them (route markNotificationsRead); answers the new count. */
export const markNotificationsRead = (input: MarkReadInput) => callRoute('markNotificationsRead', input);

const marks = (input: MarkReadInput, id: string) => 'all' in input || input.ids.includes(id);

/**
 * Marking read updates the inbox's items in place and gives the bell the server's new count at once (the
 * answer is that count, so asking for it again would only cost a request). The callbacks belong to the
 * mutation, not to the component: an item opened for its link is marked after its page is gone.
 */
export function useMarkNotificationsRead(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer, input) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<Inbox>(notificationKeys.inbox(userId), (data) =>
        data
          ? {
              ...data,
              unread: answer.unread,
              items: data.items.map((item) =>
                item.readAt === null && marks(input, item.id) ? { ...item, readAt } : item,
              ),
            }
          : data,
      );
      queryClient.setQueryData(notificationKeys.unread(userId), answer);
    },
  });
}
