import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../../core/schemas/orders';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { orderApprovalKeys } from './query-keys';

/**
 * The lab's actions on an order (routes approveOrder, holdOrder, rejectOrder, closeOrder). Each sends the
 * version the admin read: a 409 (aborted) means another admin changed the order meanwhile.
 */
export const approveOrder = (input: RouteInput<'approveOrder'>) => callRoute('approveOrder', input);
export const holdOrder = (input: RouteInput<'holdOrder'>) => callRoute('holdOrder', input);
export const rejectOrder = (input: RouteInput<'rejectOrder'>) => callRoute('rejectOrder', input);
export const closeOrder = (input: RouteInput<'closeOrder'>) => callRoute('closeOrder', input);

export type LabActionInput =
  | { action: 'approve'; input: RouteInput<'approveOrder'> }
  | { action: 'hold'; input: RouteInput<'holdOrder'> }
  | { action: 'reject'; input: RouteInput<'rejectOrder'> }
  | { action: 'close'; input: RouteInput<'closeOrder'> };

export function runLabAction(request: LabActionInput): Promise<Order> {
  switch (request.action) {
    case 'approve':
      return approveOrder(request.input);
    case 'hold':
      return holdOrder(request.input);
    case 'reject':
      return rejectOrder(request.input);
    case 'close':
      return closeOrder(request.input);
  }
}

/**
 * One mutation for the four actions. On success the answered order replaces the cached detail (so the page
 * shows the new status and version at once) and every queue page is refetched; `onChanged` lets the page
 * refresh what other features show (the dashboard's counts).
 */
export function useLabAction(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runLabAction,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderApprovalKeys.detail(order.orderId), order);
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: orderApprovalKeys.lists() });
    },
  });
}

/** The lab's bulk stage move (route moveOrderStages): one call, each order answered on its own. */
export const moveOrderStages = (input: RouteInput<'moveOrderStages'>) => callRoute('moveOrderStages', input);

/**
 * Moves the queue's chosen orders. Whatever the answer (some may be refused), the queue and the details are read
 * again before the call counts as done, so the list the lab sees next has every order's new stage and version.
 */
export function useMoveOrderStages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOrderStages,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderApprovalKeys.all }),
  });
}

/** A new ship-by day and its reason (route recordOrderDelay), sent with the version the lab read. */
export const recordOrderDelay = (input: RouteInput<'recordOrderDelay'>) => callRoute('recordOrderDelay', input);

/** Records a delay: the answered order replaces the cached detail, and the queue's ship-by days are read again. */
export function useRecordOrderDelay(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordOrderDelay,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderApprovalKeys.detail(order.orderId), order);
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: orderApprovalKeys.lists() });
    },
  });
}

/** The lab's answer to a parcel claim: replace the lenses or decline with a reason (route decideParcelClaim). */
export const decideParcelClaim = (input: RouteInput<'decideParcelClaim'>) => callRoute('decideParcelClaim', input);

/** Decides a claim; the answered order replaces the cached detail, as a lab action's does. */
export function useDecideParcelClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideParcelClaim,
    onSuccess: (order) => {
      queryClient.setQueryData(orderApprovalKeys.detail(order.orderId), order);
    },
  });
}
