import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import {
  actorSchema,
  centsAmountSchema,
  invoiceNumberSchema,
  isoDateSchema,
  MAX_CENTS,
  positiveCentsSchema,
} from './money';

export { invoiceNumberSchema };
import { eyeSchema } from './order-keys';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { multiLineText, optionalLine, requiredLine } from './text-fields';
import { versionSchema } from './bounds';

/**
 * Invoices. Closing an order with an invoice number issues an invoice; the lab can also record one
 * by hand. The balance is derived: total - paid - credited, and the status follows from it (core/rules/invoice-balance.ts).
 */
export const INVOICE_STATUSES = ['open', 'partially-paid', 'paid', 'void'] as const;
export const invoiceStatusSchema = lazySchema(() => z.enum(INVOICE_STATUSES));
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  'partially-paid': 'Partially paid',
  paid: 'Paid',
  void: 'Void',
};

/** A line of an invoice: a lens of an order, or a hand-entered item. */
export const invoiceLineSchema = lazySchema(() =>
  z.object({
    description: z.string(),
    quantity: z.number().check(z.int()),
    unitCents: z.number().check(z.int()),
    amountCents: z.number().check(z.int()),
    orderId: z.optional(z.string()),
    orderNumber: z.optional(z.string()),
    patient: z.optional(z.string()),
    eye: z.optional(eyeSchema),
    lensId: z.optional(z.string()),
  }),
);
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** How money reached an invoice. */
export const SETTLEMENT_METHODS = ['card', 'credit', 'cheque', 'bank-transfer'] as const;
export const settlementMethodSchema = lazySchema(() => z.enum(SETTLEMENT_METHODS));
export type SettlementMethod = z.infer<typeof settlementMethodSchema>;
export const SETTLEMENT_METHOD_LABELS: Record<SettlementMethod, string> = {
  card: 'Card',
  credit: 'Lens credit',
  cheque: 'Check',
  'bank-transfer': 'Bank transfer',
};
/** The methods the lab records by hand (card payments come from the gateway, credit from the ledger). */
export const OFFLINE_METHODS = ['cheque', 'bank-transfer'] as const;

/** One amount applied to an invoice. `paymentId` ties card and credit amounts to their payment. */
export const invoiceSettlementSchema = lazySchema(() =>
  z.object({
    settlementId: z.string(),
    at: z.string(),
    method: settlementMethodSchema,
    amountCents: z.number().check(z.int()),
    paymentId: z.optional(z.string()),
    reference: z.optional(z.string()),
    recordedBy: z.optional(actorSchema),
  }),
);
export type InvoiceSettlement = z.infer<typeof invoiceSettlementSchema>;

/**
 * Card money paid back on an invoice (refundPayment). The settlement it came from stays as it was: the refund
 * is its own record, so the invoice, the receipt and the statement tell both events
 * (docs/decisions/0108-refunds-disputes-and-applied-credit.md).
 */
export const invoiceRefundSchema = lazySchema(() =>
  z.object({
    refundId: z.string(),
    at: z.string(),
    amountCents: z.number().check(z.int()),
    /** The card payment it paid back. */
    paymentId: z.string(),
    /** The refund's receipt number, e.g. RF-20261203-1A2B3C4D: what the practice matches it with. */
    reference: z.string(),
    recordedBy: z.optional(actorSchema),
  }),
);
export type InvoiceRefund = z.infer<typeof invoiceRefundSchema>;

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A chargeback the card's bank opened on a payment that paid this invoice (the gateway's webhook). */
export const invoiceDisputeSchema = lazySchema(() =>
  z.object({
    disputeId: z.string(),
    paymentId: z.string(),
    amountCents: z.number().check(z.int()),
    /** The bank's reason as the gateway names it ('fraudulent', 'product_not_received', ...). */
    reason: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    openedAt: z.string(),
    closedAt: z.optional(z.string()),
  }),
);
export type InvoiceDispute = z.infer<typeof invoiceDisputeSchema>;

/** An invoice as stored (table `invoices`, pk invoiceNumber). */
export const invoiceSchema = lazySchema(() =>
  z.object({
    invoiceNumber: z.string(),
    accountNumber: z.string(),
    orderIds: z.array(z.string()),
    lines: z.array(invoiceLineSchema),
    subtotalCents: z.number().check(z.int()),
    shippingCents: z.number().check(z.int()),
    taxCents: z.number().check(z.int()),
    totalCents: z.number().check(z.int()),
    /** Card and offline payments. */
    paidCents: z.number().check(z.int()),
    /** Lens credit applied. */
    creditedCents: z.number().check(z.int()),
    balanceCents: z.number().check(z.int()),
    status: invoiceStatusSchema,
    /** When it was issued (ISO instant) and the day it is due (net terms of the practice). */
    issuedAt: z.string(),
    dueDate: z.string(),
    settlements: z.array(invoiceSettlementSchema),
    /** Card money paid back; absent on invoices nothing was refunded on. */
    refunds: z.optional(z.array(invoiceRefundSchema)),
    /** Chargebacks on the payments that paid it; absent when none. */
    disputes: z.optional(z.array(invoiceDisputeSchema)),
    voidReason: z.optional(z.string()),
    voidedAt: z.optional(z.string()),
    createdBy: actorSchema,
    updatedAt: z.string(),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * What a practice sees of an invoice: no staff ids or names (who recorded what is the lab's business).
 * Route outputs strip unknown keys, so answering this schema removes the internal fields.
 */
export const customerInvoiceSchema = lazySchema(() =>
  z.extend(z.omit(invoiceSchema, { createdBy: true }), {
    settlements: z.array(z.omit(invoiceSettlementSchema, { recordedBy: true })),
    refunds: z.optional(z.array(z.omit(invoiceRefundSchema, { recordedBy: true }))),
    /** Past the due date with a balance (computed when answered). */
    overdue: z.boolean(),
  }),
);
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

/** A row of an invoice list. */
export const invoiceSummarySchema = lazySchema(() =>
  z.extend(
    z.pick(invoiceSchema, {
      invoiceNumber: true,
      accountNumber: true,
      orderIds: true,
      totalCents: true,
      paidCents: true,
      creditedCents: true,
      balanceCents: true,
      status: true,
      issuedAt: true,
      dueDate: true,
      version: true,
    }),
    { overdue: z.boolean(), orderNumbers: z.array(z.string()), patients: z.array(z.string()) },
  ),
);
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** spec 7 GET auth/invoice/{invoiceNumber}/{second parameter}: the second parameter is the account number. */
export const getInvoiceInputSchema = lazySchema(() =>
  z.strictObject({ invoiceNumber: invoiceNumberSchema, accountNumber: accountNumberSchema }),
);

/** Pay Online's tabs: what is still owed, and history. */
export const INVOICE_TABS = ['open', 'paid'] as const;
export const listAccountInvoicesInputSchema = lazySchema(() =>
  z.strictObject({
    /** One account; left out, every account the practice user is linked to ("all my accounts"). */
    accountNumber: z.optional(accountNumberSchema),
    tab: z._default(z.enum(INVOICE_TABS), 'open'),
    limit: pageLimitSchema(100, 50),
    cursor: z.optional(pageCursorSchema),
  }),
);
export const invoiceListOutputSchema = lazySchema(() =>
  z.extend(pageSchema(invoiceSummarySchema), {
    /** Sum of the balances and of the overdue balances of the listed accounts' open invoices. */
    totals: z.object({
      balanceCents: z.number().check(z.int()),
      overdueCents: z.number().check(z.int()),
      openCount: z.number().check(z.int()),
    }),
  }),
);

/** The admin Invoices page: every account, one status, newest first; filters by account and number. */
export const listInvoicesInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        status: z.optional(invoiceStatusSchema),
        accountNumber: z.optional(accountNumberSchema),
        overdueOnly: z._default(z.boolean(), false),
        search: optionalLine('Search', 40),
        limit: pageLimitSchema(100, 25),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { overdueOnly: false, limit: 25 },
  ),
);
export const invoicePageSchema = lazySchema(() => pageSchema(invoiceSummarySchema));

/** A hand-entered invoice line. */
export const invoiceLineInputSchema = lazySchema(() =>
  z.strictObject({
    description: requiredLine('Description', 120),
    quantity: z.number().check(z.int(FIELD_MESSAGES.quantityWhole), z.gte(1, 'Quantity is at least 1'), z.lte(1000)),
    unitCents: centsAmountSchema('Unit price'),
  }),
);

/** `createInvoice` (admins): an invoice recorded by hand, e.g. for an order placed by phone. */
export const createInvoiceInputSchema = lazySchema(() =>
  z
    .strictObject({
      invoiceNumber: invoiceNumberSchema,
      accountNumber: accountNumberSchema,
      lines: z
        .array(invoiceLineInputSchema)
        .check(z.minLength(1, 'Add at least one line'), z.maxLength(50, 'At most 50 lines')),
      shippingCents: z._default(centsAmountSchema('Shipping'), 0),
      taxCents: z._default(centsAmountSchema('Tax'), 0),
      /** Left out: today. */
      issueDate: z.optional(isoDateSchema),
      /** Left out: issue date + the practice's net terms. */
      dueDate: z.optional(isoDateSchema),
    })
    .check(
      z.refine(
        (v) =>
          v.lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0) + v.shippingCents + v.taxCents <= MAX_CENTS,
        { error: 'The invoice total is too large', path: ['lines'] },
      ),
      z.refine((v) => !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate, {
        error: 'The due date is before the issue date',
        path: ['dueDate'],
      }),
    ),
);

export const voidInvoiceInputSchema = lazySchema(() =>
  z.strictObject({
    invoiceNumber: invoiceNumberSchema,
    version: versionSchema,
    reason: multiLineText('Reason', 500),
  }),
);

/** `recordOfflinePayment` (admins): a cheque or bank transfer the lab received. */
export const recordOfflinePaymentInputSchema = lazySchema(() =>
  z.strictObject({
    invoiceNumber: invoiceNumberSchema,
    version: versionSchema,
    method: z.enum(OFFLINE_METHODS, { error: 'Choose check or bank transfer' }),
    amountCents: positiveCentsSchema('Amount'),
    reference: optionalLine('Reference', 80),
    receivedOn: z.optional(isoDateSchema),
  }),
);

/** A short-lived download link to a generated PDF (an invoice, a receipt). */
export const documentUrlOutputSchema = lazySchema(() =>
  z.object({ url: z.string(), expiresAt: z.string(), filename: z.string() }),
);
