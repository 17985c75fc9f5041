import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';

/**
 * `signOut` (docs/decisions/0019-sign-out-per-device.md): this device's session ends; with `everywhere`, every
 * session of the caller ends (Settings' "Sign out everywhere"). `secondFactorChanged` (the sign-in page, right
 * after an authenticator was set up) also records the change on the server and implies `everywhere`
 * (docs/decisions/0101-staff-second-factor-recorded.md).
 */
export const signOutInputSchema = lazySchema(() =>
  z._default(
    z.optional(z.strictObject({ everywhere: z.optional(z.boolean()), secondFactorChanged: z.optional(z.boolean()) })),
    {},
  ),
);
export type SignOutInput = z.infer<typeof signOutInputSchema>;

/** `signOut` answer: which sessions of the caller ended server-side. */
export const signOutOutputSchema = lazySchema(() =>
  z.object({ signedOut: z.literal(true), scope: z.enum(['this-session', 'everywhere']) }),
);
