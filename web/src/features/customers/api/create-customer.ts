import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

/** A new practice (route createCustomer); its account number must not exist yet. */
export const createCustomer = (input: RouteInput<'createCustomer'>) => callRoute('createCustomer', input);

export const useCreateCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.all }),
  });
};
