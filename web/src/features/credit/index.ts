/** Lens credit: a practice's credit page, the lab's claims and approvals, and the keys payments refresh. */
export { LensCreditPage } from './components/lens-credit-page';
export { ClaimsQueue } from './components/claims-queue';
export { CreditApprovals } from './components/credit-approvals';
export { GoodwillCreditButton } from './components/goodwill-dialog';
export { creditKeys } from './api/query-keys';
