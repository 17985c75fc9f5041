/**
 * What other features use of the auth screens: the password field and policy hints (creating a user, an
 * admin's reset) and the form frame the change-password page shares with the sign-in pages.
 */
export { AuthForm } from './components/auth-form';
export { NewPasswordField, PasswordField } from './components/password-field';
export { PasswordHints } from './components/password-hints';
