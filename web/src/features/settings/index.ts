/** The Settings page's cards: the account summary, changing the password, signing out everywhere. */
export { AccountSummary } from './components/account-summary';
export { ChangePasswordForm } from './components/change-password-form';
export { SignOutEverywhereCard } from './components/sign-out-everywhere-card';
