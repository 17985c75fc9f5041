/**
 * Practices: a practice's dashboard and sidebar header, the lab's practice and buying-group management, and
 * the practice records the session and other features read (approving an account request).
 */
export { CustomerDashboard } from './components/customer-dashboard';
export { CustomerSidebarHeader } from './components/customer-sidebar-header';
export { getCustomerInfo, getCustomerInfoQueryOptions, loadedCustomerInfo } from './api/get-customer-info';
export { customerInfoQueryKey, practiceKeys } from './api/query-keys';
export { getCustomerQueryOptions } from './api/get-customer';
export { PracticeList } from './components/practice-list';
export { PracticeDetail } from './components/practice-detail';
export { CreatePracticeDialog } from './components/create-practice-dialog';
export { BuyingGroupList } from './components/buying-group-list';
export { buyingGroupNamer, useBuyingGroups } from './api/list-buying-groups';
export { PracticePeoplePage } from './components/practice-people';
export { BillingContactsCard } from './components/billing-contacts-card';
