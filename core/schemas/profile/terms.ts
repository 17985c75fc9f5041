import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';

/** `acceptTerms` answer (spec 4 "Terms": not accepted to accepted). */
export const acceptTermsOutputSchema = lazySchema(() =>
  z.object({
    termsAccepted: z.literal(true),
    /** ISO timestamp of the (first) acceptance, recorded by the server. */
    termsAcceptedDate: z.string(),
  }),
);
export type AcceptTermsOutput = z.infer<typeof acceptTermsOutputSchema>;
