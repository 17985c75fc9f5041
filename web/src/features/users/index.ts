export { type UserListKind, userKeys } from './api/query-keys';
export { CustomerUserPicker } from './components/customer-user-picker';
export { UserManagement } from './components/user-management';
