import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { actorSchema, clientIdSchema, invoiceNumberSchema, positiveCentsSchema } from './money';
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
export const CREDIT_REASONS = [
  'exchange',
  'cancellation',
  'defect',
  'goodwill',
  'overpayment',
  'invoice',
  // A design's ship guarantee the close found missed (docs/decisions/0100-production-stages-and-the-ship-promise.md).
  'ship-guarantee',
] as const;
export const creditReasonSchema = lazySchema(() => z.enum(CREDIT_REASONS));
export type CreditReason = z.infer<typeof creditReasonSchema>;
export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  exchange: 'Exchange',
  cancellation: 'Cancellation',
  defect: 'Defect',
  goodwill: 'Goodwill',
  overpayment: 'Overpayment',
  invoice: 'Applied to invoice',
  'ship-guarantee': 'Ship guarantee',
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
    amountCents: z.number().check(z.int()),
    /** Available balance after this entry. */
    balanceAfterCents: z.number().check(z.int()),
    note: z.optional(z.string()),
    by: actorSchema,
    orderId: z.optional(z.string()),
    orderNumber: z.optional(z.string()),
    eye: z.optional(eyeSchema),
    invoiceNumber: z.optional(z.string()),
    paymentId: z.optional(z.string()),
    claimId: z.optional(z.string()),
  }),
);
export type CreditEntry = z.infer<typeof creditEntrySchema>;
/** What a practice sees of an entry: who at the lab granted it stays internal. */
export const customerCreditEntrySchema = lazySchema(() => z.omit(creditEntrySchema, { by: true }));

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
    creditCents: z.number().check(z.int()),
    returnRequired: z.boolean(),
    /** What the practice was billed for the lens (a remake: its exchange fee); absent on older claims. */
    billedCents: z.optional(z.number().check(z.int())),
    /** A claim on a warranty remake: the order it remade, and the first order of its chain. */
    remakeOfOrderNumber: z.optional(z.string()),
    originalOrderNumber: z.optional(z.string()),
    note: z.string(),
    decisionReason: z.optional(z.string()),
    submittedBy: actorSchema,
    decidedBy: z.optional(actorSchema),
    createdAt: z.string(),
    decidedAt: z.optional(z.string()),
    returnReceivedAt: z.optional(z.string()),
    updatedAt: z.string(),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;
export const customerWarrantyClaimSchema = lazySchema(() =>
  z.omit(warrantyClaimSchema, { submittedBy: true, decidedBy: true }),
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
    daysLeft: z.number().check(z.int()),
    /** In the last 14 days of the window. */
    endingSoon: z.boolean(),
    exchangesUsed: z.number().check(z.int()),
    exchangesAllowed: z.nullable(z.number().check(z.int())),
    exchangeFeeCents: z.number().check(z.int()),
    cancellationCreditCents: z.number().check(z.int()),
    returnRequired: z.boolean(),
    /** A claim on this lens that is not decided yet, or was approved (the lens is cancelled). */
    openClaimId: z.optional(z.string()),
    /**
     * A warranty remake replaced this lens: it is neither exchanged again nor claimed (its remake is). The
     * exchanges used and allowed are those of the chain's original lens.
     */
    exchanged: z.optional(z.boolean()),
    /** What the practice was billed for this lens (a remake: its exchange fee): what a defect claim credits. */
    billedCents: z.optional(z.number().check(z.int())),
  }),
);
export type WarrantyLens = z.infer<typeof warrantyLensSchema>;

const claimIdSchema = lazySchema(() => clientIdSchema('Claim id'));

export const accountInputSchema = lazySchema(() => z.strictObject({ accountNumber: accountNumberSchema }));

export const creditSummarySchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    availableCents: z.number().check(z.int()),
    /** Approved cancellations waiting for the lens to come back. */
    pendingCents: z.number().check(z.int()),
    lensesInWarranty: z.array(warrantyLensSchema),
    claims: z.array(customerWarrantyClaimSchema),
  }),
);
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const listCreditLedgerInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    limit: pageLimitSchema(100, 25),
    cursor: z.optional(pageCursorSchema),
  }),
);
export const creditLedgerPageSchema = lazySchema(() => pageSchema(customerCreditEntrySchema));
export const creditLedgerCsvSchema = lazySchema(() => z.object({ filename: z.string(), csv: z.string() }));

export const submitWarrantyClaimInputSchema = lazySchema(() =>
  z.strictObject({
    claimId: claimIdSchema,
    accountNumber: accountNumberSchema,
    orderId: orderIdSchema,
    eye: eyeSchema,
    kind: claimKindSchema,
    note: multiLineText('What happened', 1000),
  }),
);

export const listWarrantyClaimsInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        status: z._default(claimStatusSchema, 'submitted'),
        limit: pageLimitSchema(100, 25),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { status: 'submitted', limit: 25 },
  ),
);
export const warrantyClaimPageSchema = lazySchema(() => pageSchema(warrantyClaimSchema));

export const decideWarrantyClaimInputSchema = lazySchema(() =>
  z.discriminatedUnion('decision', [
    z.strictObject({ claimId: claimIdSchema, version: versionSchema, decision: z.literal('approve') }),
    z.strictObject({
      claimId: claimIdSchema,
      version: versionSchema,
      decision: z.literal('deny'),
      reason: multiLineText('Reason', 1000),
    }),
  ]),
);
export const claimVersionInputSchema = lazySchema(() =>
  z.strictObject({ claimId: claimIdSchema, version: versionSchema }),
);

export const grantGoodwillCreditInputSchema = lazySchema(() =>
  z.strictObject({
    entryId: clientIdSchema('Entry id'),
    accountNumber: accountNumberSchema,
    amountCents: positiveCentsSchema('Credit').check(z.lte(1_000_000, 'A goodwill credit is at most $10,000.00')),
    note: multiLineText('Note', 500),
  }),
);
/**
 * `applyCreditToInvoice` (billing permission): the billing desk spends an account's lens credit on one of its
 * invoices. `entryId` is the browser's, once per dialog: the ledger entry's id and the invoice settlement's, so
 * a retry applies it once.
 */
export const applyCreditToInvoiceInputSchema = lazySchema(() =>
  z.strictObject({
    entryId: clientIdSchema('Entry id'),
    invoiceNumber: invoiceNumberSchema,
    amountCents: positiveCentsSchema('Credit to apply'),
  }),
);
/**
 * Credit above the lab's threshold waits for a second super admin
 * (docs/decisions/0092-large-credit-needs-a-second-super-admin.md). Stored in the creditLedger table beside the
 * ledgers; becomes a grant entry with the same entry id when approved.
 */
export const CREDIT_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const creditApprovalSchema = lazySchema(() =>
  z.object({
    entryId: z.string(),
    accountNumber: z.string(),
    reason: z.enum(['goodwill', 'overpayment']),
    amountCents: z.number().check(z.int()),
    note: z.string(),
    status: z.enum(CREDIT_APPROVAL_STATUSES),
    /** Who granted it (for an overpayment, who recorded the payment): never the one who approves it. */
    requestedBy: actorSchema,
    requestedAt: z.string(),
    decidedBy: z.optional(actorSchema),
    decidedAt: z.optional(z.string()),
    decisionReason: z.optional(z.string()),
    invoiceNumber: z.optional(z.string()),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type CreditApproval = z.infer<typeof creditApprovalSchema>;

/** A goodwill grant is either in the ledger at once or waits for a second super admin. */
export const grantGoodwillCreditOutputSchema = lazySchema(() =>
  z.object({ entry: z.nullable(creditEntrySchema), approval: z.nullable(creditApprovalSchema) }),
);
export type GoodwillAnswer = z.infer<typeof grantGoodwillCreditOutputSchema>;

export const listCreditApprovalsInputSchema = lazySchema(() =>
  z.prefault(z.strictObject({ limit: pageLimitSchema(100, 50), cursor: z.optional(pageCursorSchema) }), {}),
);
export const creditApprovalPageSchema = lazySchema(() => pageSchema(creditApprovalSchema));

export const decideCreditApprovalInputSchema = lazySchema(() =>
  z.discriminatedUnion('decision', [
    z.strictObject({ entryId: clientIdSchema('Entry id'), version: versionSchema, decision: z.literal('approve') }),
    z.strictObject({
      entryId: clientIdSchema('Entry id'),
      version: versionSchema,
      decision: z.literal('reject'),
      reason: multiLineText('Reason', 1000),
    }),
  ]),
);

/** The lab's money settings (referenceData list `money`, id `creditApproval`). */
export const MAX_CREDIT_APPROVAL_THRESHOLD_CENTS = 1_000_000;
export const creditSettingsSchema = lazySchema(() =>
  z.object({
    /** Goodwill and overpayment credit above this many cents needs a second super admin's approval. */
    approvalThresholdCents: z.number().check(z.int(), z.nonnegative()),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type CreditSettings = z.infer<typeof creditSettingsSchema>;
/** $1,000: a goodwill gesture for a remake or a late delivery is a few hundred dollars at most. */
export const DEFAULT_CREDIT_SETTINGS: CreditSettings = { approvalThresholdCents: 100_000, version: 0 };
export const updateCreditSettingsInputSchema = lazySchema(() =>
  z.strictObject({
    approvalThresholdCents: z
      .number({ error: 'Enter the threshold in cents' })
      .check(
        z.int('Whole cents only'),
        z.nonnegative('The threshold cannot be negative'),
        z.lte(MAX_CREDIT_APPROVAL_THRESHOLD_CENTS, 'The threshold is at most $10,000.00'),
      ),
    version: versionSchema,
  }),
);
