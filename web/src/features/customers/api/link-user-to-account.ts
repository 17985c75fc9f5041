import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

/** Links a portal user to an account number (route linkUserToAccount). */
export const linkUserToAccount = (input: RouteInput<'linkUserToAccount'>) => callRoute('linkUserToAccount', input);

export const useLinkUserToAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserToAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.all }),
  });
};
