import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

/** One practice with its linked users and recent orders (route getCustomer). */
export const getCustomer = (accountNumber: string) => callRoute('getCustomer', { accountNumber });

export const getCustomerQueryOptions = (accountNumber: string) =>
  queryOptions({
    queryKey: practiceKeys.detail(accountNumber),
    queryFn: () => getCustomer(accountNumber),
  });

export const useCustomer = (accountNumber: string) => useQuery(getCustomerQueryOptions(accountNumber));
