import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { CUSTOMER_LIST } from '../../constants';
import { accountNumberSchema } from '../account-number';
import { orderSummarySchema } from '../orders';
import { creditHoldSchema } from '../credit-hold';

/** A postal address, with the field names of the spec 3 User record. */
export const postalAddressSchema = lazySchema(() =>
  z.object({
    address: z._default(z.string(), ''),
    apt: z.optional(z.string()),
    city: z._default(z.string(), ''),
    state: z._default(z.string(), ''),
    zip: z._default(z.string(), ''),
    country: z.optional(z.string()),
  }),
);
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/**
 * A row of the customers table (pk accountNumber), as the seed and the admin screens write it. Only the
 * fields the portal reads are listed; others are kept by the table but ignored here.
 */
export const customerRecordSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    company: z._default(z.string(), ''),
    phone: z._default(z.string(), ''),
    faxNumber: z.optional(z.string()),
    shippingAddress: z._default(postalAddressSchema, { address: '', city: '', state: '', zip: '' }),
    billingAddress: z.optional(postalAddressSchema),
    pricingAllowed: z._default(z.boolean(), false),
    /** Net terms: days from an invoice's issue to its due date; unset: DEFAULT_PAYMENT_TERMS_DAYS. */
    paymentTermsDays: z.optional(z.number().check(z.int())),
    buyingGroupId: z.optional(z.string()),
    status: z.optional(z.string()),
    /** Other account numbers of the same practice (its other locations), as Customer Management keeps them. */
    additionalAccounts: z.optional(z.array(z.string())),
    /** Accounts-payable addresses the practice names (updateBillingContacts), lower-case. */
    billingContacts: z.optional(z.array(z.string())),
    /** Set while the account is on credit hold (core/schemas/credit-hold.ts): its orders are not approved. */
    creditHold: z.optional(creditHoldSchema),
    /** Optimistic locking: every admin update names the version it read (updateCustomer); stored from 0. */
    version: z.optional(z.number().check(z.int(), z.nonnegative())),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
  }),
);
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/**
 * The deepest page getCustomerInfo serves: pages are numbered but the index pages by cursor, so page n costs
 * n Queries; 1,000 pages of 100 is 100,000 orders, more than any practice places.
 */
export const CUSTOMER_INFO_MAX_PAGE = 1000;

/**
 * `getCustomerInfo` input (spec 7 "auth/customer/{authToken}?page=&records=&account="): the token travels in
 * the Authorization header only. Defaults page 1, 25 records (spec 9); at most 100 records a page and page
 * CUSTOMER_INFO_MAX_PAGE.
 */
export const customerInfoInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.object({
        page: z._default(
          z
            .number()
            .check(z.int(), z.gte(1), z.lte(CUSTOMER_INFO_MAX_PAGE, `page is at most ${CUSTOMER_INFO_MAX_PAGE}`)),
          CUSTOMER_LIST.defaultPage,
        ),
        records: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), CUSTOMER_LIST.defaultRecords),
        account: z.optional(accountNumberSchema),
      }),
    ),
    { page: CUSTOMER_LIST.defaultPage, records: CUSTOMER_LIST.defaultRecords },
  ),
);
export type CustomerInfoInput = z.input<typeof customerInfoInputSchema>;

/** spec 3 "Customer information response", paged: one page of the account's orders, newest first. */
export const customerInfoSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    /** The caller's other linked accounts, for the sidebar's account dropdown (spec 2). */
    additionalAccounts: z.array(z.string()),
    company: z.string(),
    phone: z.string(),
    shippingAddress: postalAddressSchema,
    pricingAllowed: z.boolean(),
    orders: z.array(orderSummarySchema),
    page: z.number().check(z.int()),
    records: z.number().check(z.int()),
    total: z.number().check(z.int()),
  }),
);
export type CustomerInfo = z.infer<typeof customerInfoSchema>;
