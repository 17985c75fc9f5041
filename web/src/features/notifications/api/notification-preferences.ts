import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** The caller's choice for every event of their audience, with its version (route getNotificationPreferences). */
export const getNotificationPreferences = () => callRoute('getNotificationPreferences', {});

export const notificationPreferencesQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: notificationKeys.preferences(userId),
    queryFn: () => getNotificationPreferences(),
    enabled: userId !== null,
  });

export const useNotificationPreferences = (userId: string | null) =>
  useQuery(notificationPreferencesQueryOptions(userId));

/**
 * Saves the changed choices with the version read (route updateNotificationPreferences): choices saved since
 * (another tab) are refused with 409 aborted. The answer is the saved preferences, kept as the query's data.
 */
export const updateNotificationPreferences = (input: RouteInput<'updateNotificationPreferences'>) =>
  callRoute('updateNotificationPreferences', input);

export function useUpdateNotificationPreferences(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(userId), saved),
  });
}
