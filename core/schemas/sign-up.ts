import { lazySchema } from './lazy-schema';
import { ACCOUNT_MESSAGES, FORM_MESSAGES } from '../messages';
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
 * The answer is the same whether or not the email already had an account
 * (docs/decisions/0086-no-account-enumeration.md): the next step is always "check your email".
 */
export const signUpOutputSchema = lazySchema(() => z.object({ nextStep: z.literal('confirm-email') }));
export type SignUpOutput = z.infer<typeof signUpOutputSchema>;

/** The six digits of an emailed sign-up code. */
export const signUpCodeSchema = lazySchema(() =>
  z.string().check(z.trim(), z.regex(/^\d{6}$/, ACCOUNT_MESSAGES.enterEmailCode)),
);

/**
 * `confirmSignUp` (docs/decisions/0086-no-account-enumeration.md): the verify-email page's code for a new account;
 * one answer for every wrong code, whether or not the email has an account.
 */
export const confirmSignUpInputSchema = lazySchema(() => z.object({ email: emailSchema, code: signUpCodeSchema }));
export const confirmSignUpOutputSchema = lazySchema(() => z.object({ verified: z.literal(true) }));

/** `resendSignUpCode`: the same answer as `signUp`, whether or not a code was sent. */
export const resendSignUpCodeInputSchema = lazySchema(() => z.object({ email: emailSchema }));
