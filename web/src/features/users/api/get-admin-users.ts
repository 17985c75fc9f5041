import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListInput } from '../../../../../core/schemas/users/user-admin';
import { callRoute } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** spec 7 getAdminUsers: admins and super admins, a page at a time, optionally searched. */
export const getAdminUsers = (input: UserListInput) => callRoute('getAdminUsers', input);

export const getAdminUsersQueryOptions = (input: UserListInput) =>
  queryOptions({
    queryKey: userKeys.list('admins', input),
    queryFn: () => getAdminUsers(input),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (input: UserListInput) => useQuery(getAdminUsersQueryOptions(input));
