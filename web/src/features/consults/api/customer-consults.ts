/**
 * The practice's consult routes (listAccountConsults, getConsult, submitConsult) and what its request form
 * reads (the account's shipped orders, one order's lines, the catalogue). A sent request invalidates
 * `customerConsultKeys.all`, so the list shows it at once.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSULT_PAGE } from '../../../../../core/schemas/consults';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { lensDesignsQueryOptions } from '../../../lib/lens-catalogue';
import { customerConsultKeys } from './query-keys';

export const listAccountConsults = (accountNumber: string, cursor: string | null) =>
  callRoute('listAccountConsults', {
    accountNumber,
    limit: CONSULT_PAGE.defaultLimit,
    ...(cursor ? { cursor } : {}),
  });

/** One page of the account's consults, newest first; the page on screen stays while the next one loads. */
export const useAccountConsults = (accountNumber: string, cursor: string | null) =>
  useQuery({
    queryKey: customerConsultKeys.list(accountNumber, cursor),
    queryFn: () => listAccountConsults(accountNumber, cursor),
    placeholderData: keepPreviousData,
  });

export const getConsult = (consultId: string) => callRoute('getConsult', { consultId });

/**
 * Read again each time its page opens: the lab answers it from elsewhere, and a consult seen minutes ago
 * must not still show "Waiting for the lab" beside the list that already says Answered.
 */
export const useConsult = (consultId: string, enabled = true) =>
  useQuery({
    queryKey: customerConsultKeys.detail(consultId),
    queryFn: () => getConsult(consultId),
    enabled,
    retry: false,
    staleTime: 0,
  });

export const submitConsult = (input: RouteInput<'submitConsult'>) => callRoute('submitConsult', input);

/** Sends a request (its client-made consultId makes a retry safe); the stored consult is cached for its page. */
export function useSubmitConsult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitConsult,
    onSuccess: (consult) => {
      queryClient.setQueryData(customerConsultKeys.detail(consult.consultId), consult);
      return queryClient.invalidateQueries({ queryKey: customerConsultKeys.lists(consult.accountNumber ?? '') });
    },
  });
}

/** Shipped orders of the account (newest first), searched by patient: where a current lens can come from. */
export const useShippedOrders = (accountNumber: string, search: string) =>
  useQuery({
    queryKey: customerConsultKeys.shippedOrders(accountNumber, search),
    queryFn: () =>
      callRoute('listAccountOrders', {
        accountNumber,
        status: 'closed',
        limit: 25,
        ...(search ? { search } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** One order with its lines (design snapshot and parameters), for the line the consult is about. */
export const usePastOrder = (orderId: string) =>
  useQuery({
    queryKey: customerConsultKeys.order(orderId),
    queryFn: () => callRoute('getOrder', { orderId }),
    enabled: Boolean(orderId),
    retry: false,
  });

/**
 * The catalogue as the account sees it (active designs): the typed lens's design and parameter fields, and
 * the units of the lab's proposal.
 */
export const useConsultLensDesigns = (accountNumber: string) =>
  useQuery({ ...lensDesignsQueryOptions({ account: accountNumber }), staleTime: 5 * 60_000 });
