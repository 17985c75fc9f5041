import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { adminDashboardKeys } from './query-keys';

/** The lab's overview (route getAdminDashboard). */
export const getAdminDashboard = () => callRoute('getAdminDashboard', {});

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminDashboardKeys.all,
    queryFn: getAdminDashboard,
    // "Users active now" goes stale by itself: refresh while the dashboard is open.
    refetchInterval: 60_000,
  });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());
