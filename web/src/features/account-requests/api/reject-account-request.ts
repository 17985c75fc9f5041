import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { accountRequestKeys } from './query-keys';

/** Rejects a request with a reason the customer is emailed and shown (route rejectAccountRequest). */
export const rejectAccountRequest = (input: RouteInput<'rejectAccountRequest'>) =>
  callRoute('rejectAccountRequest', input);

export const useRejectAccountRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectAccountRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountRequestKeys.all }),
  });
};
