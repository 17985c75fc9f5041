/** Credit hold as the practice and the lab see it (docs/decisions/0111-credit-hold.md). */
export { CreditHoldNoticeSlot } from './components/credit-hold-notice-slot';
export { HeldAccounts } from './components/held-accounts';
