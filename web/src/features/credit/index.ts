export { creditKeys } from './api/query-keys';
export { ClaimsQueue } from './components/claims-queue';
export { CreditApprovals } from './components/credit-approvals';
export { GoodwillCreditButton } from './components/goodwill-dialog';
export { LensCreditPage } from './components/lens-credit-page';
