import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** The caller's own record plus role facts from the verified token (route getMyProfile). */
export const getMyProfile = () => callRoute('getMyProfile', {});

export const getMyProfileQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: profileKeys.mine(userId),
    queryFn: () => getMyProfile(),
    enabled: userId !== null,
  });

export const useMyProfile = (userId: string | null) => useQuery(getMyProfileQueryOptions(userId));
