import { lazySchema } from './lazy-schema';
import * as z from 'zod';
import { accountNumberSchema } from './account-number';
import { actorSchema, clientIdSchema, positiveCentsSchema } from './money';
import { eyeSchema, orderIdSchema } from './order-keys';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { multiLineText } from './text-fields';
import { versionSchema } from './bounds';

export { DEFAULT_WARRANTY_POLICY, warrantyPolicySchema, type WarrantyPolicy } from './warranty-policy';

/**
 * Lens Credit: an append-only ledger per account and its balance, warranty policies per lens
 * design, and warranty claims (cancel for credit, report a defect) the lab decides.
 */

export const CREDIT_ENTRY_KINDS = ['grant', 'apply', 'reverse'] as const;
export const CREDIT_REASONS = ['exchange', 'cancellation', 'defect', 'goodwill', 'overpayment', 'invoice'] as const;
export const creditReasonSchema = lazySchema(() => z.enum(CREDIT_REASONS));
export type CreditReason = z.infer<typeof creditReasonSchema>;
export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  exchange: 'Exchange',
  cancellation: 'Cancellation',
  defect: 'Defect',
  goodwill: 'Goodwill',
  overpayment: 'Overpayment',
  invoice: 'Applied to invoice',
};

/** One ledger entry (table `creditLedger`, pk accountNumber, sk `entry#{at}#{entryId}`). Never changed. */
export const creditEntrySchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    entryId: z.string(),
    at: z.string(),
    /** grant adds to the balance; apply spends it on an invoice; reverse takes a grant back. */
    kind: z.enum(CREDIT_ENTRY_KINDS),
    reason: creditReasonSchema,
    /** Always positive; the kind says which way it moves the balance. */
    amountCents: z.number().int(),
    /** Available balance after this entry. */
    balanceAfterCents: z.number().int(),
    note: z.string().optional(),
    by: actorSchema,
    orderId: z.string().optional(),
    orderNumber: z.string().optional(),
    eye: eyeSchema.optional(),
    invoiceNumber: z.string().optional(),
    paymentId: z.string().optional(),
    claimId: z.string().optional(),
  }),
);
export type CreditEntry = z.infer<typeof creditEntrySchema>;
/** What a practice sees of an entry: who at the lab granted it stays internal. */
export const customerCreditEntrySchema = lazySchema(() => creditEntrySchema.omit({ by: true }));

export const CLAIM_KINDS = ['cancellation', 'defect'] as const;
export const claimKindSchema = lazySchema(() => z.enum(CLAIM_KINDS));
export const CLAIM_STATUSES = ['submitted', 'awaiting-return', 'approved', 'denied'] as const;
export const claimStatusSchema = lazySchema(() => z.enum(CLAIM_STATUSES));
export type ClaimStatus = z.infer<typeof claimStatusSchema>;
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Waiting for the lab',
  'awaiting-return': 'Approved, waiting for the lens',
  approved: 'Credited',
  denied: 'Denied',
};

/** A warranty claim (table `warrantyClaims`, pk claimId). */
export const warrantyClaimSchema = lazySchema(() =>
  z.object({
    claimId: z.string(),
    accountNumber: z.string(),
    kind: claimKindSchema,
    status: claimStatusSchema,
    orderId: z.string(),
    orderNumber: z.string(),
    patient: z.string(),
    eye: eyeSchema,
    lensName: z.string(),
    /** The credit the claim gives when approved (line price x policy percentage; 100% for a defect). */
    creditCents: z.number().int(),
    returnRequired: z.boolean(),
    note: z.string(),
    decisionReason: z.string().optional(),
    submittedBy: actorSchema,
    decidedBy: actorSchema.optional(),
    createdAt: z.string(),
    decidedAt: z.string().optional(),
    returnReceivedAt: z.string().optional(),
    updatedAt: z.string(),
    version: z.number().int().nonnegative(),
  }),
);
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;
export const customerWarrantyClaimSchema = lazySchema(() =>
  warrantyClaimSchema.omit({ submittedBy: true, decidedBy: true }),
);

/** A shipped lens still in its warranty window, with what the policy allows. */
export const warrantyLensSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    patient: z.string(),
    eye: eyeSchema,
    lensId: z.string(),
    lensName: z.string(),
    shippedAt: z.string(),
    windowEndsAt: z.string(),
    daysLeft: z.number().int(),
    /** In the last 14 days of the window. */
    endingSoon: z.boolean(),
    exchangesUsed: z.number().int(),
    exchangesAllowed: z.number().int().nullable(),
    exchangeFeeCents: z.number().int(),
    cancellationCreditCents: z.number().int(),
    returnRequired: z.boolean(),
    /** A claim on this lens that is not decided yet, or was approved (the lens is cancelled). */
    openClaimId: z.string().optional(),
  }),
);
export type WarrantyLens = z.infer<typeof warrantyLensSchema>;

const claimIdSchema = lazySchema(() => clientIdSchema('Claim id'));

export const accountInputSchema = lazySchema(() => z.object({ accountNumber: accountNumberSchema }).strict());

export const creditSummarySchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    availableCents: z.number().int(),
    /** Approved cancellations waiting for the lens to come back. */
    pendingCents: z.number().int(),
    lensesInWarranty: z.array(warrantyLensSchema),
    claims: z.array(customerWarrantyClaimSchema),
  }),
);
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const listCreditLedgerInputSchema = lazySchema(() =>
  z
    .object({
      accountNumber: accountNumberSchema,
      limit: pageLimitSchema(100, 25),
      cursor: pageCursorSchema.optional(),
    })
    .strict(),
);
export const creditLedgerPageSchema = lazySchema(() => pageSchema(customerCreditEntrySchema));
export const creditLedgerCsvSchema = lazySchema(() => z.object({ filename: z.string(), csv: z.string() }));

export const submitWarrantyClaimInputSchema = lazySchema(() =>
  z
    .object({
      claimId: claimIdSchema,
      accountNumber: accountNumberSchema,
      orderId: orderIdSchema,
      eye: eyeSchema,
      kind: claimKindSchema,
      note: multiLineText('What happened', 1000),
    })
    .strict(),
);

export const listWarrantyClaimsInputSchema = lazySchema(() =>
  z
    .object({
      status: claimStatusSchema.default('submitted'),
      limit: pageLimitSchema(100, 25),
      cursor: pageCursorSchema.optional(),
    })
    .strict()
    .optional()
    .default({ status: 'submitted', limit: 25 }),
);
export const warrantyClaimPageSchema = lazySchema(() => pageSchema(warrantyClaimSchema));

export const decideWarrantyClaimInputSchema = lazySchema(() =>
  z.discriminatedUnion('decision', [
    z.object({ claimId: claimIdSchema, version: versionSchema, decision: z.literal('approve') }).strict(),
    z
      .object({
        claimId: claimIdSchema,
        version: versionSchema,
        decision: z.literal('deny'),
        reason: multiLineText('Reason', 1000),
      })
      .strict(),
  ]),
);
export const claimVersionInputSchema = lazySchema(() =>
  z.object({ claimId: claimIdSchema, version: versionSchema }).strict(),
);

export const grantGoodwillCreditInputSchema = lazySchema(() =>
  z
    .object({
      entryId: clientIdSchema('Entry id'),
      accountNumber: accountNumberSchema,
      amountCents: positiveCentsSchema('Credit').max(1_000_000, 'A goodwill credit is at most $10,000.00'),
      note: multiLineText('Note', 500),
    })
    .strict(),
);
export const creditEntryOutputSchema = creditEntrySchema;
