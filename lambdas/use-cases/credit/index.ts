/** What other domains use of credit: the ledger moves money writes carry, second approval, and lens holdings. */
export { creditChange, type EntryFields } from './credit-moves';
export { needsSecondApproval, pendingApproval } from './credit-approvals';
export { ACCOUNT_CLAIMS_READ, holdsLens } from './credit-views';
