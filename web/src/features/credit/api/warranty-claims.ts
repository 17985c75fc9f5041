import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimStatus } from '../../../../../core/schemas/credit';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { creditKeys } from './query-keys';

/** The lab's side of Lens Credit (routes listWarrantyClaims, decideWarrantyClaim, markClaimReturnReceived, grantGoodwillCredit). */

export const CLAIMS_PAGE_SIZE = 25;

export const listWarrantyClaims = (status: ClaimStatus, cursor: string | null) =>
  callRoute('listWarrantyClaims', { status, limit: CLAIMS_PAGE_SIZE, ...(cursor ? { cursor } : {}) });

/** One status's claims, oldest first (the server's order). */
export const useWarrantyClaims = (status: ClaimStatus, cursor: string | null) =>
  useQuery({
    queryKey: creditKeys.claims(status, cursor),
    queryFn: () => listWarrantyClaims(status, cursor),
    placeholderData: keepPreviousData,
  });

export type ClaimActionInput =
  | { action: 'decide'; input: RouteInput<'decideWarrantyClaim'> }
  | { action: 'return-received'; input: RouteInput<'markClaimReturnReceived'> };

export function runClaimAction(request: ClaimActionInput) {
  return request.action === 'decide'
    ? callRoute('decideWarrantyClaim', request.input)
    : callRoute('markClaimReturnReceived', request.input);
}

/** Approve, deny or mark returned; each sends the version read, so a 409 means another admin acted first. */
export function useClaimAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runClaimAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

export const grantGoodwillCredit = (input: RouteInput<'grantGoodwillCredit'>) =>
  callRoute('grantGoodwillCredit', input);

export function useGrantGoodwillCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantGoodwillCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

/** Reads every claims page again (after a 409: the list shows what the other admin did). */
export function useReloadClaims() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: creditKeys.claimLists() });
}

/** Credit above the threshold, waiting for a second super admin (super admins; oldest first). */
export const useCreditApprovals = () =>
  useQuery({
    queryKey: creditKeys.approvals(),
    queryFn: () => callRoute('listCreditApprovals', { limit: 100 }),
  });

/** Approve or reject waiting credit; sends the version read, so a 409 means another super admin acted first. */
export function useDecideCreditApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'decideCreditApproval'>) => callRoute('decideCreditApproval', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

/** The approval threshold (the goodwill dialog states it; super admins change it). */
export const useCreditSettings = () =>
  useQuery({ queryKey: creditKeys.settings(), queryFn: () => callRoute('getCreditSettings', {}) });

export function useUpdateCreditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'updateCreditSettings'>) => callRoute('updateCreditSettings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.settings() }),
  });
}
