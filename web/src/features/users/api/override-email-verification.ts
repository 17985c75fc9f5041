import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 overrideEmailVerification: marks a user's email as verified. */
export const overrideEmailVerification = (input: RouteInput<'overrideEmailVerification'>) =>
  callRoute('overrideEmailVerification', input);

export const useOverrideEmailVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideEmailVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
