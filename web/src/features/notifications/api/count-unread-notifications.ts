import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** How often the bell asks for the unread count while the page is on screen. */
export const UNREAD_POLL_MS = 60_000;

/** The caller's unread count (route countUnreadNotifications: one read of their inbox's counter). */
export const countUnreadNotifications = () => callRoute('countUnreadNotifications', {});

/**
 * The bell's count: asked every minute and whenever the page comes back on screen, never while it is hidden
 * (`active` is false then, and TanStack Query skips a hidden page's interval ticks too). Always stale, so a
 * return to the page asks again; the inbox keeps it current between polls with the answers it gets.
 */
export const unreadCountQueryOptions = (userId: string | null, active = true) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: () => countUnreadNotifications(),
    enabled: userId !== null && active,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export const useUnreadCount = (userId: string | null, active: boolean) =>
  useQuery(unreadCountQueryOptions(userId, active));
