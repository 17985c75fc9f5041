import * as z from 'zod';
import { emailSchema } from './sign-up';

/** `signOut` answer: every session of the caller ended server-side. */
export const signOutOutputSchema = z.object({ signedOut: z.literal(true) });

/** `checkEmailExists` (the forgot-password form; docs/decisions.md "Password reset for an unknown email"). */
export const checkEmailExistsInputSchema = z.object({ email: emailSchema });
export const checkEmailExistsOutputSchema = z.object({ exists: z.boolean() });
export type CheckEmailExistsOutput = z.infer<typeof checkEmailExistsOutputSchema>;
