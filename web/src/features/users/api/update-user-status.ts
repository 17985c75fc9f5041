import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 updateUserStatus: enables or disables a user; disabling ends their sessions at once. */
export const updateUserStatus = (input: RouteInput<'updateUserStatus'>) => callRoute('updateUserStatus', input);

export const useUpdateUserStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
