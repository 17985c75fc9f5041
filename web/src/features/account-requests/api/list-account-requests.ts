import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRequestStatus } from '../../../../../core/schemas/account-requests';
import { callRoute } from '../../../lib/api-client';
import { accountRequestKeys } from './query-keys';

/** The account requests of one status, oldest first (route listAccountRequests, super admins). */
export const listAccountRequests = (status: AccountRequestStatus, cursor?: string) =>
  callRoute('listAccountRequests', { status, ...(cursor ? { cursor } : {}) });

export const listAccountRequestsQueryOptions = (status: AccountRequestStatus, cursor?: string) =>
  queryOptions({
    queryKey: accountRequestKeys.list(status, cursor),
    queryFn: () => listAccountRequests(status, cursor),
    placeholderData: keepPreviousData,
  });

export const useAccountRequests = (status: AccountRequestStatus, cursor?: string) =>
  useQuery(listAccountRequestsQueryOptions(status, cursor));
