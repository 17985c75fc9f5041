/** What other domains use of customers: who is linked to which account, and the customer checks they share. */
export { accountsOf, isLinked, rolesWithLink, withMainAccount, type Accounts } from './account-link-rules';
export { joiningRoles } from './link-user-to-account';
export { requireKnownBuyingGroup } from './buying-group-check';
export { linkWriteError } from './customer-errors';
