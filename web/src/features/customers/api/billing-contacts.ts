import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';

const billingContactsKey = (accountNumber: string) => ['billing-contacts', accountNumber.toUpperCase()] as const;

/** The account's billing contacts with the practice's version (route getBillingContacts). */
export const useBillingContacts = (accountNumber: string | null) =>
  useQuery({
    queryKey: billingContactsKey(accountNumber ?? ''),
    queryFn: () => callRoute('getBillingContacts', { accountNumber: accountNumber ?? '' }),
    enabled: accountNumber !== null,
  });

/** Replaces the list (route updateBillingContacts) on the version read: a 409 means someone changed it since. */
export const useUpdateBillingContacts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'updateBillingContacts'>) => callRoute('updateBillingContacts', input),
    onSuccess: (saved) => queryClient.setQueryData(billingContactsKey(saved.accountNumber), saved),
  });
};
