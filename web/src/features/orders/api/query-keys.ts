import type { RouteInput } from '../../../lib/api-client';

/**
 * The query keys of Order Approval: the queue's pages and each order's detail. A lab action on an order
 * invalidates `orderApprovalKeys.all`, so the queue and the open detail both show the new status.
 */
export const orderApprovalKeys = {
  all: ['order-approval'] as const,
  lists: () => [...orderApprovalKeys.all, 'list'] as const,
  list: (input: RouteInput<'listOrders'>) => [...orderApprovalKeys.lists(), input] as const,
  detail: (orderId: string) => [...orderApprovalKeys.all, 'detail', orderId] as const,
};
