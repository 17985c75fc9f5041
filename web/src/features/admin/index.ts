/** The lab's dashboard, and its keys, which an order's approval refreshes. */
export { AdminDashboard, type AdminShortcut } from './components/admin-dashboard';
export { adminDashboardKeys } from './api/query-keys';
