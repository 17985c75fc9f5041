import { lazySchema } from './lazy-schema';
import * as z from '../zod';

/** `signOut` answer: every session of the caller ended server-side. */
export const signOutOutputSchema = lazySchema(() => z.object({ signedOut: z.literal(true) }));
