/**
 * Amplify's sign-in calls, loaded when the form is first sent: the sign-in page paints and hydrates without
 * them (bench/bundle-budget.json).
 */
import type { ConfirmSignInInput, SignInInput, SignInOutput } from 'aws-amplify/auth';

import { amplifyReady } from '../../../lib/amplify-auth';

export type { SignInOutput };

const signInCalls = async () => {
  await amplifyReady();
  return import('./sign-in-calls');
};

export const signIn = async (input: SignInInput): Promise<SignInOutput> => (await signInCalls()).signIn(input);
export const confirmSignIn = async (input: ConfirmSignInInput): Promise<SignInOutput> =>
  (await signInCalls()).confirmSignIn(input);
