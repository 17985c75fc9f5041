/** Account requests: a visitor's request form and its status (auth/request) and the lab's pending list. */
export { useMyAccountRequest } from './api/get-my-account-request';
export { useSubmitAccountRequest } from './api/submit-account-request';
export { AccountRequestForm } from './components/account-request-form';
export { AccountRequestStatus } from './components/account-request-status';
export { PendingAccountRequests } from './components/pending-account-requests';
