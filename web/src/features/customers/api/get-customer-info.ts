import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CustomerInfo } from '../../../../../core/schemas/customers/customer-info';
import { CUSTOMER_LIST } from '../../../../../core/constants';
import { callRoute } from '../../../lib/api-client';
import { customerInfoKeyOf, customerInfoQueryKey, type CustomerInfoRequest } from './query-keys';

/** spec 7 customer information (route getCustomerInfo): page 1 and 25 records unless told otherwise. */
export const getCustomerInfo = ({ account, page, records }: CustomerInfoRequest = {}) =>
  callRoute('getCustomerInfo', {
    page: page ?? CUSTOMER_LIST.defaultPage,
    records: records ?? CUSTOMER_LIST.defaultRecords,
    ...(account ? { account } : {}),
  });

export const getCustomerInfoQueryOptions = (userId: string | null, request: CustomerInfoRequest = {}) =>
  queryOptions({
    queryKey: customerInfoQueryKey(userId, request),
    queryFn: () => getCustomerInfo(request),
    enabled: userId !== null,
  });

export const useCustomerInfo = (userId: string | null, request: CustomerInfoRequest = {}) =>
  useQuery(getCustomerInfoQueryOptions(userId, request));

/** An answer of getCustomerInfo already in the cache, with when it came. */
export interface LoadedCustomerInfo {
  info: CustomerInfo;
  loadedAt: number;
}

/**
 * The latest first page (default size) of `account` the session loaded for the user, if any: the customer
 * dashboard shows its orders from it instead of asking the API the same question again.
 */
export function loadedCustomerInfo(
  queryClient: QueryClient,
  userId: string,
  account: string,
): LoadedCustomerInfo | null {
  let latest: LoadedCustomerInfo | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: customerInfoKeyOf(userId) })) {
    const [, , , page, records] = query.queryKey;
    const info = query.state.data as CustomerInfo | undefined;
    if (page !== CUSTOMER_LIST.defaultPage || records !== CUSTOMER_LIST.defaultRecords) continue;
    if (info?.accountNumber !== account || query.state.dataUpdatedAt <= (latest?.loadedAt ?? 0)) continue;
    latest = { info, loadedAt: query.state.dataUpdatedAt };
  }
  return latest;
}
