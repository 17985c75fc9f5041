export { adminDashboardKeys } from './api/query-keys';
export { AdminDashboard, type AdminShortcut } from './components/admin-dashboard';
