import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../../core/schemas/sign-up';
import { callRoute } from '../../../lib/api-client';

/**
 * spec 4 "Sign-up" runs server-side (route signUp): account, customer role and user record, rolled back on
 * failure with the spec 8 messages. The verification email goes out from there too.
 */
export const signUp = (input: SignUpInput) => callRoute('signUp', input);

export const useSignUp = () => useMutation({ mutationFn: signUp });

/**
 * The new account's emailed code (docs/decisions/0086-no-account-enumeration.md): the pool allows admin-created users
 * only, so the portal checks the code, not Cognito's ConfirmSignUp.
 */
export const confirmSignUpCode = (email: string, code: string) => callRoute('confirmSignUp', { email, code });

/** "Send a new code": the same answer whether or not the email has an account waiting for one. */
export const resendSignUpCode = (email: string) => callRoute('resendSignUpCode', { email });
