import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The lab's overview (route getAdminDashboard); any order action invalidates `adminDashboardKeys.all`. */
export const adminDashboardKeys = { all: ['admin-dashboard'] as const };

export const getAdminDashboard = () => callRoute('getAdminDashboard', {});

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminDashboardKeys.all,
    queryFn: getAdminDashboard,
    // "Users active now" goes stale by itself: refresh while the dashboard is open.
    refetchInterval: 60_000,
  });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());
