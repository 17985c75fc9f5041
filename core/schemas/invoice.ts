import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from 'zod';
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
    quantity: z.number().int(),
    unitCents: z.number().int(),
    amountCents: z.number().int(),
    orderId: z.string().optional(),
    orderNumber: z.string().optional(),
    patient: z.string().optional(),
    eye: eyeSchema.optional(),
    lensId: z.string().optional(),
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
  cheque: 'Cheque',
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
    amountCents: z.number().int(),
    paymentId: z.string().optional(),
    reference: z.string().optional(),
    recordedBy: actorSchema.optional(),
  }),
);
export type InvoiceSettlement = z.infer<typeof invoiceSettlementSchema>;

/** An invoice as stored (table `invoices`, pk invoiceNumber). */
export const invoiceSchema = lazySchema(() =>
  z.object({
    invoiceNumber: z.string(),
    accountNumber: z.string(),
    orderIds: z.array(z.string()),
    lines: z.array(invoiceLineSchema),
    subtotalCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    /** Card and offline payments. */
    paidCents: z.number().int(),
    /** Lens credit applied. */
    creditedCents: z.number().int(),
    balanceCents: z.number().int(),
    status: invoiceStatusSchema,
    /** When it was issued (ISO instant) and the day it is due (net terms of the practice). */
    issuedAt: z.string(),
    dueDate: z.string(),
    settlements: z.array(invoiceSettlementSchema),
    voidReason: z.string().optional(),
    voidedAt: z.string().optional(),
    createdBy: actorSchema,
    updatedAt: z.string(),
    version: z.number().int().nonnegative(),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * What a practice sees of an invoice: no staff ids or names (who recorded what is the lab's business).
 * Route outputs strip unknown keys, so answering this schema removes the internal fields.
 */
export const customerInvoiceSchema = lazySchema(() =>
  invoiceSchema.omit({ createdBy: true }).extend({
    settlements: z.array(invoiceSettlementSchema.omit({ recordedBy: true })),
    /** Past the due date with a balance (computed when answered). */
    overdue: z.boolean(),
  }),
);
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

/** A row of an invoice list. */
export const invoiceSummarySchema = lazySchema(() =>
  invoiceSchema
    .pick({
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
    })
    .extend({ overdue: z.boolean(), orderNumbers: z.array(z.string()), patients: z.array(z.string()) }),
);
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** spec 7 GET auth/invoice/{invoiceNumber}/{second parameter}: the second parameter is the account number. */
export const getInvoiceInputSchema = lazySchema(() =>
  z.object({ invoiceNumber: invoiceNumberSchema, accountNumber: accountNumberSchema }).strict(),
);

/** Pay Online's tabs: what is still owed, and history. */
export const INVOICE_TABS = ['open', 'paid'] as const;
export const listAccountInvoicesInputSchema = lazySchema(() =>
  z
    .object({
      /** One account; left out, every account the practice user is linked to ("all my accounts"). */
      accountNumber: accountNumberSchema.optional(),
      tab: z.enum(INVOICE_TABS).default('open'),
      limit: pageLimitSchema(100, 50),
      cursor: pageCursorSchema.optional(),
    })
    .strict(),
);
export const invoiceListOutputSchema = lazySchema(() =>
  pageSchema(invoiceSummarySchema).extend({
    /** Sum of the balances and of the overdue balances of the listed accounts' open invoices. */
    totals: z.object({ balanceCents: z.number().int(), overdueCents: z.number().int(), openCount: z.number().int() }),
  }),
);

/** The admin Invoices page: every account, one status, newest first; filters by account and number. */
export const listInvoicesInputSchema = lazySchema(() =>
  z
    .object({
      status: invoiceStatusSchema.optional(),
      accountNumber: accountNumberSchema.optional(),
      overdueOnly: z.boolean().default(false),
      search: optionalLine('Search', 40),
      limit: pageLimitSchema(100, 25),
      cursor: pageCursorSchema.optional(),
    })
    .strict()
    .optional()
    .default({ overdueOnly: false, limit: 25 }),
);
export const invoicePageSchema = lazySchema(() => pageSchema(invoiceSummarySchema));

/** A hand-entered invoice line. */
export const invoiceLineInputSchema = lazySchema(() =>
  z
    .object({
      description: requiredLine('Description', 120),
      quantity: z.number().int(FIELD_MESSAGES.quantityWhole).min(1, 'Quantity is at least 1').max(1000),
      unitCents: centsAmountSchema('Unit price'),
    })
    .strict(),
);

/** `createInvoice` (admins): an invoice recorded by hand, e.g. for an order placed by phone. */
export const createInvoiceInputSchema = lazySchema(() =>
  z
    .object({
      invoiceNumber: invoiceNumberSchema,
      accountNumber: accountNumberSchema,
      lines: z.array(invoiceLineInputSchema).min(1, 'Add at least one line').max(50, 'At most 50 lines'),
      shippingCents: centsAmountSchema('Shipping').default(0),
      taxCents: centsAmountSchema('Tax').default(0),
      /** Left out: today. */
      issueDate: isoDateSchema.optional(),
      /** Left out: issue date + the practice's net terms. */
      dueDate: isoDateSchema.optional(),
    })
    .strict()
    .refine(
      (v) => v.lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0) + v.shippingCents + v.taxCents <= MAX_CENTS,
      { message: 'The invoice total is too large', path: ['lines'] },
    )
    .refine((v) => !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate, {
      message: 'The due date is before the issue date',
      path: ['dueDate'],
    }),
);

export const voidInvoiceInputSchema = lazySchema(() =>
  z
    .object({
      invoiceNumber: invoiceNumberSchema,
      version: versionSchema,
      reason: multiLineText('Reason', 500),
    })
    .strict(),
);

/** `recordOfflinePayment` (admins): a cheque or bank transfer the lab received. */
export const recordOfflinePaymentInputSchema = lazySchema(() =>
  z
    .object({
      invoiceNumber: invoiceNumberSchema,
      version: versionSchema,
      method: z.enum(OFFLINE_METHODS, { error: 'Choose cheque or bank transfer' }),
      amountCents: positiveCentsSchema('Amount'),
      reference: optionalLine('Reference', 80),
      receivedOn: isoDateSchema.optional(),
    })
    .strict(),
);

/** A short-lived download link to a generated PDF (an invoice, a receipt). */
export const documentUrlOutputSchema = lazySchema(() =>
  z.object({ url: z.string(), expiresAt: z.string(), filename: z.string() }),
);
