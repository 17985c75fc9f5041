/** User Management, and the user picker and keys the practice pages share with it. */
export { UserManagement } from './components/user-management';
export { CustomerUserPicker } from './components/customer-user-picker';
export { userKeys, type UserListKind } from './api/query-keys';
