import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

/** Changes a practice (route updateCustomer) with the version read: a 409 means someone changed it since. */
export const updateCustomer = (input: RouteInput<'updateCustomer'>) => callRoute('updateCustomer', input);

export const useUpdateCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.all }),
  });
};
