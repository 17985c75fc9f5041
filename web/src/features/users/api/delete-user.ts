import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 deleteUser: removes the sign-in and the user record. */
export const deleteUser = (input: RouteInput<'deleteUser'>) => callRoute('deleteUser', input);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
