import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListInput } from '../../../../../core/schemas/users/user-admin';
import { callRoute } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 getCustomerUsers: the practices' users, a page at a time, optionally searched. */
export const getCustomerUsers = (input: UserListInput) => callRoute('getCustomerUsers', input);

export const getCustomerUsersQueryOptions = (input: UserListInput, enabled = true) =>
  queryOptions({
    queryKey: userKeys.list('customers', input),
    queryFn: () => getCustomerUsers(input),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCustomerUsers = (input: UserListInput, enabled = true) =>
  useQuery(getCustomerUsersQueryOptions(input, enabled));
