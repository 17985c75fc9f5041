import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The caller's own record plus role facts from the verified token (route getMyProfile). */
export const getMyProfile = () => callRoute('getMyProfile', {});

/** Keyed by user, so a sign-in as someone else never shows the previous user's profile. */
export const getMyProfileQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['my-profile', userId],
    queryFn: () => getMyProfile(),
    enabled: userId !== null,
  });

export const useMyProfile = (userId: string | null) => useQuery(getMyProfileQueryOptions(userId));
