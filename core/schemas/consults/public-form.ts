import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { accountNumberSchema } from '../account-number';
import { versionSchema } from '../bounds';
import { eyeSchema } from '../order-keys';
import { emailSchema } from '../auth/sign-up';
import { optionalPhoneNumber, requiredLine } from '../text-fields';
import { consultIdSchema } from './consult-id';
import { consultQuestionSchema, currentLensSchema } from './request';
import { troubleshooterInputSchema } from './troubleshooter';

/** The public form: a visitor (not signed in) asks, and the lab later links the lead to a practice. */

/** Patient initials only on the public form: no names, no dates of birth. */
export const patientInitialsSchema = lazySchema(() =>
  z
    .string({ error: 'Patient initials are required' })
    .check(z.trim(), z.regex(/^[A-Za-z]{1,3}$/, 'Patient initials only: 1 to 3 letters')),
);

/**
 * A visitor's request (not signed in): who they are, patient initials only, no files. `website` is the
 * honeypot: a field people never see; anything in it marks a bot (answered as if sent, nothing stored).
 */
export const submitPublicConsultInputSchema = lazySchema(() =>
  z.strictObject({
    consultId: consultIdSchema,
    practiceName: requiredLine('Practice name', 120),
    contactName: requiredLine('Your name', 120),
    email: emailSchema,
    phone: optionalPhoneNumber('Phone'),
    licenceNumber: requiredLine('License number', 40).check(
      z.refine(
        (v) => /^[A-Za-z0-9 ./-]+$/.test(v),
        'License number may hold letters, digits, spaces, dots, slashes and dashes',
      ),
    ),
    patientInitials: patientInitialsSchema,
    eye: eyeSchema,
    currentLens: z.omit(currentLensSchema, { fromOrderId: true }),
    observations: z.optional(troubleshooterInputSchema),
    question: consultQuestionSchema,
    website: z.optional(z.string().check(z.maxLength(200))),
  }),
);
export type SubmitPublicConsultInput = z.input<typeof submitPublicConsultInputSchema>;
/** All a visitor sees back. */
export const submitPublicConsultOutputSchema = lazySchema(() => z.object({ reference: z.string() }));

/** Links a visitor's request (a lead) to the practice it came from. */
export const linkConsultInputSchema = lazySchema(() =>
  z.strictObject({ consultId: consultIdSchema, version: versionSchema, accountNumber: accountNumberSchema }),
);

/** Field the honeypot lives in; the page names it the same. */
export const HONEYPOT_FIELD = 'website';
/** Public sending limits (per client address and per email), in requests per window. */
export const PUBLIC_CONSULT_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 60 * 60 },
  perEmail: { limit: 3, windowSeconds: 24 * 60 * 60 },
} as const;
export const PUBLIC_CONSULT_RATE_MESSAGE =
  'Too many consult requests were sent from here. Please try again later or call the lab.';
