import { CUSTOMER_LIST } from '../../../../../core/constants';

/** What a getCustomerInfo request names; the main account, page 1 and 25 records unless told otherwise. */
export interface CustomerInfoRequest {
  /** One of the caller's linked accounts; the main account when left out. */
  account?: string | undefined;
  page?: number;
  records?: number;
}

/**
 * The cache key of a getCustomerInfo answer. Apart from the call itself, so the session provider can place the
 * answers kept at the last visit before the API client has loaded (app/providers/kept-session.ts).
 */
export const customerInfoQueryKey = (userId: string | null, request: CustomerInfoRequest = {}) =>
  [
    'customer-info',
    userId,
    request.account ?? null,
    request.page ?? CUSTOMER_LIST.defaultPage,
    request.records ?? CUSTOMER_LIST.defaultRecords,
  ] as const;
