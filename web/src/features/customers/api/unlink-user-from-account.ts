import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

/** Removes an account number from a portal user (route unlinkUserFromAccount). */
export const unlinkUserFromAccount = (input: RouteInput<'unlinkUserFromAccount'>) =>
  callRoute('unlinkUserFromAccount', input);

export const useUnlinkUserFromAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkUserFromAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceKeys.all }),
  });
};
