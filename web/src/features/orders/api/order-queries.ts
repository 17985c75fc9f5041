/**
 * The practice's order routes: fetchers and query options. Mutations are called by the components through
 * these fetchers and invalidate `orderKeys.all` (./query-keys.ts), so lists and the detail refresh.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../../core/rules/order-lifecycle';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { lensDesignsQueryOptions } from '../../../lib/lens-catalogue';
import { orderKeys } from './query-keys';

/** One order with its lines, history and version (route getOrder). */
export const getOrder = (orderId: string) => callRoute('getOrder', { orderId });

export const getOrderQueryOptions = (orderId: string | null) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: () => getOrder(orderId ?? ''),
    enabled: Boolean(orderId),
    retry: false,
  });

export const useOrder = (orderId: string | null) => useQuery(getOrderQueryOptions(orderId));

export interface AccountOrdersRequest {
  accountNumber: string | null;
  search?: string;
  status?: OrderStatus;
  cursor?: string | undefined;
  limit?: number;
}

export const listAccountOrders = (request: AccountOrdersRequest & { accountNumber: string }) =>
  callRoute('listAccountOrders', {
    accountNumber: request.accountNumber,
    ...(request.search ? { search: request.search } : {}),
    ...(request.status ? { status: request.status } : {}),
    ...(request.cursor ? { cursor: request.cursor } : {}),
    limit: request.limit ?? 25,
  });

export const useAccountOrders = (request: AccountOrdersRequest, enabled = true) =>
  useQuery({
    queryKey: orderKeys.account(
      request.accountNumber ?? '',
      request.search ?? '',
      request.status ?? null,
      request.cursor ?? null,
    ),
    queryFn: () => listAccountOrders({ ...request, accountNumber: request.accountNumber ?? '' }),
    enabled: enabled && Boolean(request.accountNumber),
    placeholderData: (previous) => previous,
  });

/**
 * The catalogue for the order form, under the lenses feature's key (prices come only for an account with
 * pricingAllowed), so a change on Lens Management reaches an open form.
 */
export const useOrderLensDesigns = (account: string | null) =>
  useQuery({ ...lensDesignsQueryOptions({ account }), enabled: Boolean(account), staleTime: 5 * 60_000 });

/**
 * The consult whose answer "Order this" places. The consults feature owns the consult screens and reaches
 * the order form's lens fields through this feature's index, so the form asks the route itself.
 */
export const useConsultToOrder = (consultId: string | null) =>
  useQuery({
    queryKey: orderKeys.consult(consultId ?? ''),
    queryFn: () => callRoute('getConsult', { consultId: consultId ?? '' }),
    enabled: Boolean(consultId),
    retry: false,
    // Read once per visit (the lab may change its answer until it is ordered): a refetch after the submit
    // (the consult is then 'ordered') must not restart the form, and the next visit reads it afresh.
    staleTime: Infinity,
    gcTime: 0,
  });

export const saveOrderDraft = (input: RouteInput<'saveOrderDraft'>) => callRoute('saveOrderDraft', input);
export const discardOrderDraft = (orderId: string) => callRoute('discardOrderDraft', { orderId });
export const submitOrder = (input: RouteInput<'submitOrder'>) => callRoute('submitOrder', input);
export const cancelOrder = (input: RouteInput<'cancelOrder'>) => callRoute('cancelOrder', input);
export const resubmitOrder = (input: RouteInput<'resubmitOrder'>) => callRoute('resubmitOrder', input);
/** A parcel of a shipped order missing or damaged (within 30 days), sent with the version read. */
export const reportParcelProblem = (input: RouteInput<'reportParcelProblem'>) =>
  callRoute('reportParcelProblem', input);

/**
 * The lab's stages and shipping calendar (route getProductionSettings): the order form counts its ship date on
 * them, the order pages name stages with them. They change rarely, so one read serves a visit.
 */
export const productionSettingsQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.productionSettings(),
    queryFn: () => callRoute('getProductionSettings', {}),
    staleTime: 10 * 60_000,
    retry: 1,
  });

export const useProductionSettings = (enabled = true) => useQuery({ ...productionSettingsQueryOptions(), enabled });
