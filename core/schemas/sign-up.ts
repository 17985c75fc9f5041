import { lazySchema } from './lazy-schema';
import { FORM_MESSAGES } from '../messages';
import * as z from '../zod';
import { passwordPolicyMessage } from '../password-policy';
import { requiredLine } from './text-fields';

/** Emails are compared and stored lower-case, so "Ann@Lab.test" and "ann@lab.test" are one account. */
export const emailSchema = lazySchema(() =>
  z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Email is too long')),
    z.email(FORM_MESSAGES.invalidEmail),
  ),
);

/** The password policy (core/password-policy.ts) as a field rule, shared by the sign-up and settings forms. */
export const newPasswordSchema = lazySchema(() =>
  z.string().check(
    z.maxLength(256, 'Password is too long'),
    z.superRefine((password, ctx) => {
      const problem = passwordPolicyMessage(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
);

/** The same rule as the profile's names: a name typed at sign-up is edited on the profile later. */
const personName = (label: string) => requiredLine(label, 100);

/** `signUp` input (spec 4 "Sign-up"): the sign-up form validates with the same schema. */
export const signUpInputSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    password: newPasswordSchema,
    firstName: personName('First name'),
    lastName: personName('Last name'),
    termsAccepted: z.literal(true, { error: 'You must accept the Terms and Conditions' }),
  }),
);
export type SignUpInput = z.input<typeof signUpInputSchema>;

/**
 * The answer is the same whether or not the email already had an account (docs/decisions.md "Sign-up with
 * an email that already has an account"): the next step is always "check your email".
 */
export const signUpOutputSchema = lazySchema(() => z.object({ nextStep: z.literal('confirm-email') }));
export type SignUpOutput = z.infer<typeof signUpOutputSchema>;
