import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { accountRequestKeys } from './query-keys';

/** The caller's account request and its status, or null when they never sent one (route getMyAccountRequest). */
export const getMyAccountRequest = () => callRoute('getMyAccountRequest', {});

/** While the request is pending the lab may decide at any time, so the status is asked again every 30 s. */
export const PENDING_POLL_MS = 30_000;

export const getMyAccountRequestQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: accountRequestKeys.mine(userId),
    queryFn: getMyAccountRequest,
    enabled: userId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.request?.status === 'pending' ? PENDING_POLL_MS : false),
  });

export const useMyAccountRequest = (userId: string | null) => useQuery(getMyAccountRequestQueryOptions(userId));
