import type { OrderStatus } from '../../../../../core/rules/order-lifecycle';
import type { RouteInput } from '../../../lib/api-client';

/**
 * The query keys of the practice's orders. A practice's change to an order invalidates `orderKeys.all`, so
 * its lists and the detail refresh.
 */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  account: (accountNumber: string, search: string, status: OrderStatus | null, cursor: string | null) =>
    ['orders', 'account', accountNumber, search, status, cursor] as const,
  /** The dashboard's pages of getCustomerInfo, apart from the session's page 1 (customers' query keys). */
  customerInfo: (userId: string, account: string, page: number) =>
    ['orders', 'customer-info', userId, account, page] as const,
  /** Not under `all`: the form keeps the answer it opened with when a submit refreshes the order lists. */
  consult: (consultId: string) => ['order-form', 'consult', consultId] as const,
  /** The lab's stages and calendar: the production settings page saves them and invalidates this key. */
  productionSettings: () => ['production-settings'] as const,
};

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
