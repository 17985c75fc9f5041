import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../../core/schemas/sign-up';
import { callRoute } from '../../../lib/api-client';

/**
 * spec 4 "Sign-up" runs server-side (route signUp): account, customer role and user record, rolled back on
 * failure with the spec 8 messages. The verification email goes out from there too.
 */
export const signUp = (input: SignUpInput) => callRoute('signUp', input);

export const useSignUp = () => useMutation({ mutationFn: signUp });
