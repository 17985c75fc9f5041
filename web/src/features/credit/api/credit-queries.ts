import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { creditKeys } from './query-keys';

/** The practice's side of Lens Credit (routes getCreditSummary, listCreditLedger, exportCreditLedger, submitWarrantyClaim). */

export const LEDGER_PAGE_SIZE = 25;

export const getCreditSummary = (accountNumber: string) => callRoute('getCreditSummary', { accountNumber });

/** Balance (available and pending), the lenses still in warranty and the account's claims. */
export const useCreditSummary = (accountNumber: string) =>
  useQuery({ queryKey: creditKeys.summary(accountNumber), queryFn: () => getCreditSummary(accountNumber) });

export const listCreditLedger = (accountNumber: string, cursor: string | null) =>
  callRoute('listCreditLedger', {
    accountNumber,
    limit: LEDGER_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });

/** One page of the ledger, newest first; the page on screen stays while the next one loads. */
export const useCreditLedger = (accountNumber: string, cursor: string | null) =>
  useQuery({
    queryKey: creditKeys.ledger(accountNumber, cursor),
    queryFn: () => listCreditLedger(accountNumber, cursor),
    placeholderData: keepPreviousData,
  });

/** The whole ledger as CSV text and the file name the server chose. */
export const exportCreditLedger = (accountNumber: string) => callRoute('exportCreditLedger', { accountNumber });

export const submitWarrantyClaim = (input: RouteInput<'submitWarrantyClaim'>) =>
  callRoute('submitWarrantyClaim', input);

/** Sends a claim (its client-made claimId makes a retry safe); the summary and ledger are read again after. */
export function useSubmitWarrantyClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitWarrantyClaim,
    onSuccess: (claim) => queryClient.invalidateQueries({ queryKey: creditKeys.summary(claim.accountNumber) }),
  });
}
