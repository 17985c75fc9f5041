import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 setRole: role admin or customer, and the super admin flag for admins. */
export const setRole = (input: RouteInput<'setRole'>) => callRoute('setRole', input);

export const useSetRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
