/** What other features use of practice management: one practice's record (approving an account request). */
export { getCustomerQueryOptions } from './api/get-customer';
export { loadedCustomerInfo } from './api/get-customer-info';
export { buyingGroupNamer, useBuyingGroups } from './api/list-buying-groups';
export { practiceKeys } from './api/query-keys';
export { BuyingGroupList } from './components/buying-group-list';
export { CreatePracticeDialog } from './components/create-practice-dialog';
export { CustomerDashboard } from './components/customer-dashboard';
export { PracticeDetail } from './components/practice-detail';
export { PracticeList } from './components/practice-list';
