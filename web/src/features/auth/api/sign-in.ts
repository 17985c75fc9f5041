/**
 * Amplify's sign-in calls, loaded when the form is first sent: the sign-in page paints and hydrates without
 * them (bench/bundle-budget.json).
 */
import type { ConfirmSignInInput, SignInInput, SignInOutput } from 'aws-amplify/auth';

import { amplifyReady, signInOptions } from '../../../lib/amplify-auth';
import { runtimeConfig } from '../../../lib/runtime-config';
import { takeSignUpPassword } from '../model/sign-up-hand-off';

export type { SignInOutput };

const signInCalls = async () => {
  await amplifyReady();
  return import('./sign-in-calls');
};

export const signIn = async (input: SignInInput): Promise<SignInOutput> => (await signInCalls()).signIn(input);
export const confirmSignIn = async (input: ConfirmSignInInput): Promise<SignInOutput> =>
  (await signInCalls()).confirmSignIn(input);

/**
 * Signs a new user in with the password held since the sign-up form (model/sign-up-hand-off.ts), right after
 * the emailed code is confirmed. False when nothing is held (the page was reloaded) or the sign-in needs a step
 * a new practice user never has: the caller then sends the user to the sign-in page as before.
 */
export async function signInAfterSignUp(email: string): Promise<boolean> {
  const password = takeSignUpPassword(email);
  if (!password) return false;
  const username = email.trim().toLowerCase();
  const result = await signIn({ username, password, options: signInOptions(runtimeConfig()) });
  return result.nextStep.signInStep === 'DONE';
}
