import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { emailSchema } from './sign-up';

/** `signOut` answer: every session of the caller ended server-side. */
export const signOutOutputSchema = lazySchema(() => z.object({ signedOut: z.literal(true) }));

/** `checkEmailExists` (the forgot-password form; docs/decisions.md "Password reset for an unknown email"). */
export const checkEmailExistsInputSchema = lazySchema(() => z.object({ email: emailSchema }));
export const checkEmailExistsOutputSchema = lazySchema(() => z.object({ exists: z.boolean() }));
export type CheckEmailExistsOutput = z.infer<typeof checkEmailExistsOutputSchema>;
