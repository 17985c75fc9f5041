import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES, FORM_MESSAGES } from '../messages';
import * as z from '../zod';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { emailSchema } from './auth/sign-up';
import { accountNumberSchema } from './account-number';
import {
  addressInputSchema,
  idSchema,
  multiLineText,
  optionalPhoneNumber,
  phoneNumber,
  requiredLine,
} from './text-fields';

/**
 * Account requests (spec 2 /auth/request, spec 7 `POST customer`): a verified customer without an account
 * number asks the lab for one. The form validates with `accountRequestFormSchema`, the server parses the
 * same schema, so the field messages are the same on both sides.
 */
export const accountRequestFormSchema = lazySchema(() =>
  z.strictObject({
    practiceName: requiredLine('Practice name', 120),
    contactName: requiredLine('Contact name', 120),
    email: emailSchema,
    phone: phoneNumber('Phone'),
    fax: optionalPhoneNumber('Fax'),
    address: addressInputSchema,
    stateLicenseNumber: requiredLine('State license number', 40).check(
      z.refine(
        (v) => /^[A-Za-z0-9 ./-]+$/.test(v),
        'State license number may hold letters, digits, spaces, dots, slashes and dashes',
      ),
    ),
    buyingGroupId: z
      .string({ error: 'Choose a buying group' })
      .check(z.trim(), z.minLength(1, 'Choose a buying group'), z.maxLength(64, FIELD_MESSAGES.chooseBuyingGroup)),
    /** "I already have an account number": the lab confirms it on approval. Empty means none. */
    existingAccountNumber: z.pipe(
      z.optional(z.union([z.literal(''), accountNumberSchema], { error: FORM_MESSAGES.invalidAccountNumber })),
      z.transform((v) => v || undefined),
    ),
  }),
);
export type AccountRequestForm = z.input<typeof accountRequestFormSchema>;

export const ACCOUNT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const accountRequestStatusSchema = lazySchema(() => z.enum(ACCOUNT_REQUEST_STATUSES));
export type AccountRequestStatus = z.infer<typeof accountRequestStatusSchema>;

/** The stored request. Its id is the requesting user's id: one open request per user (idempotency key). */
export const accountRequestSchema = lazySchema(() =>
  z.object({
    requestId: z.string(),
    userId: z.string(),
    /** The requester's sign-in email (from their token), where the decision is emailed. */
    userEmail: z.string(),
    practiceName: z.string(),
    contactName: z.string(),
    email: z.string(),
    phone: z.string(),
    fax: z.optional(z.string()),
    address: z.object({
      address: z.string(),
      apt: z.optional(z.string()),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.optional(z.string()),
    }),
    stateLicenseNumber: z.string(),
    buyingGroupId: z.string(),
    existingAccountNumber: z.optional(z.string()),
    status: accountRequestStatusSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Set on approval: the account the user was linked to. */
    accountNumber: z.optional(z.string()),
    rejectionReason: z.optional(z.string()),
    decidedAt: z.optional(z.string()),
    decidedBy: z.optional(z.string()),
  }),
);
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/**
 * The request as its customer sees it: without `decidedBy` (the deciding admin's email is the lab's). The
 * handler answers only what the output schema declares, so the field never leaves the server.
 */
export const customerAccountRequestSchema = lazySchema(() => z.omit(accountRequestSchema, { decidedBy: true }));
export type CustomerAccountRequest = z.infer<typeof customerAccountRequestSchema>;

/** `submitAccountRequest` answers the (one) request; `created` is false when it already existed. */
export const submitAccountRequestOutputSchema = lazySchema(() =>
  z.object({
    request: customerAccountRequestSchema,
    created: z.boolean(),
  }),
);
export type SubmitAccountRequestOutput = z.infer<typeof submitAccountRequestOutputSchema>;

/** `getMyAccountRequest`: the caller's request and its status, or null when they never sent one. */
export const getMyAccountRequestOutputSchema = lazySchema(() =>
  z.object({ request: z.nullable(customerAccountRequestSchema) }),
);

export const requestIdSchema = lazySchema(() => idSchema('Request ID'));

/** `listAccountRequests` (super admins): by status, oldest first. */
export const ACCOUNT_REQUEST_PAGE = { max: 100, defaultLimit: 25 } as const;
export const listAccountRequestsInputSchema = lazySchema(() =>
  z.prefault(
    z.strictObject({
      status: z._default(accountRequestStatusSchema, 'pending'),
      limit: pageLimitSchema(ACCOUNT_REQUEST_PAGE.max, ACCOUNT_REQUEST_PAGE.defaultLimit),
      cursor: z.optional(pageCursorSchema),
    }),
    {},
  ),
);
export const listAccountRequestsOutputSchema = lazySchema(() => pageSchema(accountRequestSchema));

/**
 * Linking a requester to a practice that already exists gives them its orders, patients and invoices, so an
 * approval never does it by default: it needs this separate confirmation naming that
 * practice's account number (the approve dialog shows the practice and its users first).
 */
export const linkToExistingSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    confirm: z.literal(true, { error: 'Confirm linking this user to the existing practice' }),
  }),
);

/**
 * `approveAccountRequest`: `accountNumber` assigns the account (or confirms the one the customer gave, the
 * default). A practice record is created from the request when the account does not exist yet; an existing
 * one is linked only with `linkToExisting` (409 without it).
 */
export const approveAccountRequestInputSchema = lazySchema(() =>
  z.strictObject({
    requestId: requestIdSchema,
    accountNumber: z.optional(accountNumberSchema),
    linkToExisting: z.optional(linkToExistingSchema),
  }),
);
export const approveAccountRequestOutputSchema = lazySchema(() =>
  z.object({
    request: accountRequestSchema,
    /** True when the practice record was created by this approval. */
    practiceCreated: z.boolean(),
    /** True when the user was linked to a practice that existed before (confirmed with `linkToExisting`). */
    linkedToExisting: z.optional(z.boolean()),
    /** False when the decision could not be emailed (tell the customer yourself). */
    emailSent: z.boolean(),
  }),
);

/** `rejectAccountRequest`: the reason is emailed to the customer and shown by getMyAccountRequest. */
export const rejectAccountRequestInputSchema = lazySchema(() =>
  z.strictObject({ requestId: requestIdSchema, reason: multiLineText('Reason', 1000) }),
);
export const rejectAccountRequestOutputSchema = lazySchema(() =>
  z.object({ request: accountRequestSchema, emailSent: z.boolean() }),
);

export const ACCOUNT_REQUEST_MESSAGES = {
  alreadyLinked: 'Your login already has an account number. Reload the page to continue.',
  emailNotVerified: 'Verify your email address before requesting an account number.',
  notFound: 'Account request not found',
  alreadyDecided: 'This request was already decided. Reload to see the latest.',
  needsAccountNumber: 'Assign an account number: the customer did not give one.',
  userGone: 'The user who sent this request no longer exists.',
  linkMismatch: 'The confirmed practice is not the account number being approved.',
  practiceGone: 'That practice no longer exists. Reload to see the latest.',
} as const;

/** 409 for an approval onto an existing practice without `linkToExisting`. */
export const existingPracticeMessage = (accountNumber: string, company: string) =>
  `Account ${accountNumber} already belongs to ${company}. Approving links this user to that practice, with its ` +
  'orders, patients and invoices: check the practice and its users, then confirm the link.';
