import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { paymentTermsDaysSchema } from '../money';
import { accountNumberSchema } from '../account-number';
import { customerRecordSchema } from './customer-info';
import { versionSchema } from '../bounds';
import { pageCursorSchema, pageLimitSchema, pageSchema } from '../paging';
import {
  addressInputSchema,
  idSchema,
  optionalLine,
  optionalPhoneNumber,
  phoneNumber,
  requiredLine,
} from '../text-fields';
import { userIdSchema } from '../users/user-profile';

/**
 * Customer Management (spec 2 /admin/customer-management, super admins): the practices, keyed by account
 * number, and which users are linked to them. Inputs are strict: a key an operation does not take is a 400.
 */
export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export const customerStatusSchema = lazySchema(() =>
  z.enum(CUSTOMER_STATUSES, { error: 'Status must be active or inactive' }),
);

/** A practice as Customer Management shows it: the stored record with its defaults filled in. */
export const customerDetailSchema = lazySchema(() =>
  z.extend(customerRecordSchema, {
    status: z._default(z.string(), 'active'),
    additionalAccounts: z._default(z.array(z.string()), []),
    version: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  }),
);
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const buyingGroupIdSchema = lazySchema(() => idSchema('Buying group'));

/** The fields an admin edits, with the messages the form shows beside each one. */
const practiceFields = lazySchema(() => ({
  company: requiredLine('Practice name', 120),
  phone: phoneNumber('Phone'),
  faxNumber: optionalPhoneNumber('Fax'),
  shippingAddress: addressInputSchema,
  billingAddress: z.optional(addressInputSchema),
  pricingAllowed: z._default(z.boolean(), false),
  paymentTermsDays: z.optional(paymentTermsDaysSchema),
  additionalAccounts: z._default(
    z.array(accountNumberSchema).check(z.maxLength(50, 'At most 50 additional accounts')),
    [],
  ),
  buyingGroupId: z.optional(buyingGroupIdSchema),
  status: z._default(customerStatusSchema, 'active'),
}));

const noSelfOrDuplicates = (accountNumber: string, others: string[] | undefined, ctx: z.core.$RefinementCtx) => {
  if (!others) return;
  if (others.includes(accountNumber))
    ctx.addIssue({ code: 'custom', path: ['additionalAccounts'], message: 'A practice cannot list its own account' });
  if (new Set(others).size !== others.length)
    ctx.addIssue({ code: 'custom', path: ['additionalAccounts'], message: 'An account is listed twice' });
};

/** `createCustomer`: a new practice; the account number must not exist yet. */
export const createCustomerInputSchema = lazySchema(() =>
  z
    .strictObject({ accountNumber: accountNumberSchema, ...practiceFields })
    .check(z.superRefine((v, ctx) => noSelfOrDuplicates(v.accountNumber, v.additionalAccounts, ctx))),
);
export type CreateCustomerInput = z.input<typeof createCustomerInputSchema>;

/**
 * `updateCustomer`: the fields given change, the others stay. `version` is the version the admin read: a
 * practice changed by someone else since is refused (409) rather than overwritten. `faxNumber: ''`,
 * `billingAddress: null` and `buyingGroupId: null` clear those fields.
 */
export const updateCustomerInputSchema = lazySchema(() =>
  z
    .strictObject({
      accountNumber: accountNumberSchema,
      version: versionSchema,
      company: z.optional(practiceFields.company),
      phone: z.optional(practiceFields.phone),
      faxNumber: practiceFields.faxNumber,
      shippingAddress: z.optional(addressInputSchema),
      billingAddress: z.optional(z.nullable(addressInputSchema)),
      pricingAllowed: z.optional(z.boolean()),
      paymentTermsDays: z.optional(paymentTermsDaysSchema),
      additionalAccounts: z.optional(
        z.array(accountNumberSchema).check(z.maxLength(50, 'At most 50 additional accounts')),
      ),
      buyingGroupId: z.optional(z.nullable(buyingGroupIdSchema)),
      status: z.optional(customerStatusSchema),
    })
    .check(
      z.superRefine((v, ctx) => {
        noSelfOrDuplicates(v.accountNumber, v.additionalAccounts, ctx);
        const changes = Object.keys(v).filter((k) => k !== 'accountNumber' && k !== 'version');
        if (changes.length === 0) ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to change' });
      }),
    ),
);
export type UpdateCustomerInput = z.input<typeof updateCustomerInputSchema>;

/** `listCustomers`: by status, sorted by practice name; `search` is a practice-name prefix or an account number. */
export const CUSTOMER_PAGE = { max: 100, defaultLimit: 25 } as const;
export const listCustomersInputSchema = lazySchema(() =>
  z.prefault(
    z.strictObject({
      status: z._default(customerStatusSchema, 'active'),
      search: optionalLine('Search', 100),
      limit: pageLimitSchema(CUSTOMER_PAGE.max, CUSTOMER_PAGE.defaultLimit),
      cursor: z.optional(pageCursorSchema),
    }),
    {},
  ),
);
export type ListCustomersInput = z.input<typeof listCustomersInputSchema>;

export const customerSummarySchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    company: z.string(),
    phone: z.string(),
    status: z.string(),
    pricingAllowed: z.boolean(),
    buyingGroupId: z.optional(z.string()),
  }),
);
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export const listCustomersOutputSchema = lazySchema(() => pageSchema(customerSummarySchema));

/** A user linked to a practice, as its detail page lists them. */
export const linkedUserSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** True when this is the user's main account (spec 1: one main account plus additional ones). */
    isMainAccount: z.boolean(),
  }),
);
export type LinkedUser = z.infer<typeof linkedUserSchema>;

export const getCustomerInputSchema = lazySchema(() => z.strictObject({ accountNumber: accountNumberSchema }));
export const getCustomerOutputSchema = lazySchema(() =>
  z.object({
    customer: customerDetailSchema,
    linkedUsers: z.array(linkedUserSchema),
    /** Filled by the orders issue; empty until then. */
    recentOrders: z.array(z.unknown()),
  }),
);
export type GetCustomerOutput = z.infer<typeof getCustomerOutputSchema>;

/**
 * `linkUserToAccount` / `unlinkUserFromAccount`: a user's main `accountNumber` and additional
 * `accountNumbers`. `version` (optional) is the users-record version the admin read; given, a record
 * changed since is refused (409).
 */
export const accountLinkInputSchema = lazySchema(() =>
  z.strictObject({
    userId: userIdSchema,
    accountNumber: accountNumberSchema,
    version: z.optional(versionSchema),
  }),
);
export type AccountLinkInput = z.input<typeof accountLinkInputSchema>;
export const accountLinksOutputSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    accountNumber: z.nullable(z.string()),
    accountNumbers: z.array(z.string()),
    version: z.number().check(z.int()),
  }),
);
export type AccountLinksOutput = z.infer<typeof accountLinksOutputSchema>;
