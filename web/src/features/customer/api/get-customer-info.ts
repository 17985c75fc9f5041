import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_LIST } from '../../../../../core/constants';
import { callRoute } from '../../../lib/api-client';

export interface CustomerInfoRequest {
  /** One of the caller's linked accounts; the main account when left out. */
  account?: string | undefined;
  page?: number;
  records?: number;
}

/** spec 7 customer information (route getCustomerInfo): page 1 and 25 records unless told otherwise. */
export const getCustomerInfo = ({ account, page, records }: CustomerInfoRequest = {}) =>
  callRoute('getCustomerInfo', {
    page: page ?? CUSTOMER_LIST.defaultPage,
    records: records ?? CUSTOMER_LIST.defaultRecords,
    ...(account ? { account } : {}),
  });

export const getCustomerInfoQueryOptions = (userId: string | null, request: CustomerInfoRequest = {}) =>
  queryOptions({
    queryKey: ['customer-info', userId, request.account ?? null, request.page ?? 1, request.records ?? 25],
    queryFn: () => getCustomerInfo(request),
    enabled: userId !== null,
  });

export const useCustomerInfo = (userId: string | null, request: CustomerInfoRequest = {}) =>
  useQuery(getCustomerInfoQueryOptions(userId, request));
