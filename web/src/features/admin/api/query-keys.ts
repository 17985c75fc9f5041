/** The lab's overview; any order action invalidates `adminDashboardKeys.all`. */
export const adminDashboardKeys = { all: ['admin-dashboard'] as const };
