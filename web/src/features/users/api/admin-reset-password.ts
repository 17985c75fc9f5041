import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 adminResetPassword: sets a new password (the pool's policy) for a user. */
export const adminResetPassword = (input: RouteInput<'adminResetPassword'>) => callRoute('adminResetPassword', input);

export const useAdminResetPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminResetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
