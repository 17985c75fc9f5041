/** The Cards & autopay routes: the account's cards and autopay, saving and removing a card, the autopay choice. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingView } from '../../../../../core/schemas/cards';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export const useBilling = (accountNumber: string) =>
  useQuery({
    queryKey: billingKeys.account(accountNumber),
    queryFn: () => callRoute('getCardsAndAutopay', { accountNumber }),
    enabled: Boolean(accountNumber),
  });

/** A change answers the account's new view: it replaces the cached one. */
function useBillingChange<I extends { accountNumber: string }>(call: (input: I) => Promise<BillingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view, input) => queryClient.setQueryData(billingKeys.account(input.accountNumber), view),
  });
}

export const startCardSetup = (accountNumber: string) => callRoute('startCardSetup', { accountNumber });
export const useFinishCardSetup = () =>
  useBillingChange((input: RouteInput<'finishCardSetup'>) => callRoute('finishCardSetup', input));
export const useSetDefaultCard = () =>
  useBillingChange((input: RouteInput<'setDefaultCard'>) => callRoute('setDefaultCard', input));
export const useRemoveCard = () =>
  useBillingChange((input: RouteInput<'removeCard'>) => callRoute('removeCard', input));
export const useSetAutopay = () =>
  useBillingChange((input: RouteInput<'setAutopay'>) => callRoute('setAutopay', input));
export const confirmAutopayPayment = (paymentId: string) => callRoute('confirmPayment', { paymentId });
