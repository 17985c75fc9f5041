import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { getMyProfileQueryOptions } from './get-my-profile';

/**
 * The caller's own spec 3 fields (route updateMyProfile), with the version they read: a profile changed
 * since (another tab or device) is refused with 409 aborted.
 */
export const updateMyProfile = (input: RouteInput<'updateMyProfile'>) => callRoute('updateMyProfile', input);

export const useUpdateMyProfile = (userId: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMyProfileQueryOptions(userId).queryKey }),
  });
};
