import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { versionSchema } from './bounds';
import { multiLineText } from './text-fields';

/**
 * Credit hold (docs/decisions/0111-credit-hold.md): the billing desk stops an account's new orders from being
 * approved until it is paid up, by hand or by the daily job at the lab's days past due. Kept on the practice.
 */
export const creditHoldSchema = lazySchema(() =>
  z.object({
    since: z.string(),
    /** What the practice reads: why, and how to clear it. */
    reason: z.string(),
    /** `auto`: the daily job, at the lab's days past due; otherwise the billing staff member's name. */
    by: z.string(),
    automatic: z.boolean(),
  }),
);
export type CreditHold = z.infer<typeof creditHoldSchema>;

export const CREDIT_HOLD_MESSAGES = {
  /** approveOrder on an order of a held account (409). */
  notApprovable: (accountNumber: string) =>
    `Account ${accountNumber} is on credit hold: its orders wait until the billing desk releases the hold.`,
  alreadyHeld: 'This account is already on credit hold.',
  notHeld: 'This account is not on credit hold.',
} as const;

/** The practice's view: whether the account is on hold, why, and what clears it. */
export const accountStandingSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    creditHold: z.nullable(creditHoldSchema),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type AccountStanding = z.infer<typeof accountStandingSchema>;

export const accountStandingInputSchema = lazySchema(() => z.strictObject({ accountNumber: accountNumberSchema }));

/** `setCreditHold` (billing staff): the reason is shown to the practice as written. */
export const setCreditHoldInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    reason: multiLineText('Reason', 500),
    version: versionSchema,
  }),
);

/** `releaseCreditHold` (billing staff). */
export const releaseCreditHoldInputSchema = lazySchema(() =>
  z.strictObject({ accountNumber: accountNumberSchema, version: versionSchema }),
);

/** `listCreditHolds` (the lab): every held account, for the queue's credit-hold lane. */
export const creditHoldListSchema = lazySchema(() => z.object({ items: z.array(accountStandingSchema) }));
