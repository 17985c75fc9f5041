import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { accountRequestKeys } from './query-keys';

/**
 * spec 7 `POST customer` (route submitAccountRequest): the account-number request of a verified customer.
 * The server keeps one request per user, so sending twice answers the same request (`created: false`).
 */
export const submitAccountRequest = (input: RouteInput<'submitAccountRequest'>) =>
  callRoute('submitAccountRequest', input);

export const useSubmitAccountRequest = (userId: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAccountRequest,
    onSuccess: ({ request }) => queryClient.setQueryData(accountRequestKeys.mine(userId), { request }),
  });
};
