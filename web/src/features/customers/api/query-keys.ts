import { CUSTOMER_LIST } from '../../../../../core/constants';
import type { ListCustomersInput } from '../../../../../core/schemas/customers/customer-admin';

/**
 * The query keys of Customer Management's practices: the lists and each practice's detail. A change to a
 * practice or its links invalidates `practiceKeys.all`.
 */
export const practiceKeys = {
  all: ['practices'] as const,
  lists: () => [...practiceKeys.all, 'list'] as const,
  list: (input: ListCustomersInput) => [...practiceKeys.lists(), input] as const,
  detail: (accountNumber: string) => [...practiceKeys.all, 'detail', accountNumber.toUpperCase()] as const,
};

/** The buying groups every form lists; a change to one invalidates `buyingGroupKeys.all`. */
export const buyingGroupKeys = { all: ['buying-groups'] as const };

/** What a getCustomerInfo request names; the main account, page 1 and 25 records unless told otherwise. */
export interface CustomerInfoRequest {
  /** One of the caller's linked accounts; the main account when left out. */
  account?: string | undefined;
  page?: number;
  records?: number;
}

/** Every cached getCustomerInfo answer of one user. */
export const customerInfoKeyOf = (userId: string | null) => ['customer-info', userId] as const;

/**
 * The cache key of a getCustomerInfo answer. Apart from the call itself, so the session provider can place the
 * answers kept at the last visit before the API client has loaded (app/providers/kept-session.ts).
 */
export const customerInfoQueryKey = (userId: string | null, request: CustomerInfoRequest = {}) =>
  [
    ...customerInfoKeyOf(userId),
    request.account ?? null,
    request.page ?? CUSTOMER_LIST.defaultPage,
    request.records ?? CUSTOMER_LIST.defaultRecords,
  ] as const;
