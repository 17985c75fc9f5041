import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListCustomersInput } from '../../../../../core/schemas/customers/customer-admin';
import { callRoute } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

/** The practices (route listCustomers): by status, sorted by name, searched by name prefix or account number. */
export const listCustomers = (input: ListCustomersInput) => callRoute('listCustomers', input);

export const listCustomersQueryOptions = (input: ListCustomersInput) =>
  queryOptions({
    queryKey: practiceKeys.list(input),
    queryFn: () => listCustomers(input),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (input: ListCustomersInput) => useQuery(listCustomersQueryOptions(input));
