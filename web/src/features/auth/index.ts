/**
 * The sign-in pages' screens (login, sign-up, email verification, password reset) and the banner asking a
 * signed-in user to verify their email. Other features use the password field and policy hints (creating a
 * user, an admin's reset) and the form frame the change-password page shares with the sign-in pages.
 */
export { AuthLayout } from './components/auth-layout';
export { LoginForm, type SignInOutcome } from './components/login-form';
export { SignUpForm } from './components/sign-up-form';
export { VerifyEmailForm } from './components/verify-email-form';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { signInAfterSignUp } from './api/sign-in';
export { signOutOnServer } from './api/sign-out';
export { VerifyEmailPopup } from './components/verify-email-popup';
export { AuthForm } from './components/auth-form';
export { NewPasswordField, PasswordField } from './components/password-field';
export { PasswordHints } from './components/password-hints';
