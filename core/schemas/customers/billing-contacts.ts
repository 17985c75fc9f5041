import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { accountNumberSchema } from '../account-number';
import { emailSchema } from '../auth/sign-up';
import { versionSchema } from '../bounds';

/**
 * A practice's billing contacts (docs/decisions/0109-billing-contacts.md): the accounts-payable addresses that
 * get the account's invoices, statements and payment reminders as well as the users who chose them. They need
 * not be portal users, so they are addresses, not user ids.
 */
export const MAX_BILLING_CONTACTS = 5;

export const BILLING_CONTACT_MESSAGES = {
  tooMany: `At most ${MAX_BILLING_CONTACTS} billing contacts`,
  twice: 'An address is listed twice',
} as const;

export const billingContactListSchema = lazySchema(() =>
  z.array(emailSchema).check(
    z.maxLength(MAX_BILLING_CONTACTS, BILLING_CONTACT_MESSAGES.tooMany),
    z.superRefine((contacts, ctx) => {
      contacts.forEach((contact, index) => {
        if (contacts.indexOf(contact) !== index)
          ctx.addIssue({ code: 'custom', path: [index], message: BILLING_CONTACT_MESSAGES.twice });
      });
    }),
  ),
);

/** `getBillingContacts`: the account's users and the lab. */
export const getBillingContactsInputSchema = lazySchema(() => z.strictObject({ accountNumber: accountNumberSchema }));

/** `updateBillingContacts` (the account's own users): the whole list, on the practice's version read. */
export const updateBillingContactsInputSchema = lazySchema(() =>
  z.strictObject({ accountNumber: accountNumberSchema, contacts: billingContactListSchema, version: versionSchema }),
);
export type UpdateBillingContactsInput = z.input<typeof updateBillingContactsInputSchema>;

export const billingContactsSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    contacts: z.array(z.string()),
    /** The practice's record version: the next update names it. */
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type BillingContacts = z.infer<typeof billingContactsSchema>;
