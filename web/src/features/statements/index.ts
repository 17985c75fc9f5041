/** Monthly statements: Pay Online's Statements tab and the lab's all-accounts page. */
export { AccountStatements } from './components/account-statements';
export { AdminStatements } from './components/admin-statements';
