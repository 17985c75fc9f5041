import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** Gives a lab admin the billing permission (void, record payments, grant credit) or takes it away. */
export const setBillingPermission = (input: RouteInput<'setBillingPermission'>) =>
  callRoute('setBillingPermission', input);

export const useSetBillingPermission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBillingPermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
