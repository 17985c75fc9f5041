import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { accountRequestKeys } from './query-keys';

/** Approves a request (route approveAccountRequest): links the user to the account, creating the practice if needed. */
export const approveAccountRequest = (input: RouteInput<'approveAccountRequest'>) =>
  callRoute('approveAccountRequest', input);

export const useApproveAccountRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAccountRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountRequestKeys.all }),
  });
};
