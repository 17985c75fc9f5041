import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from 'zod';
import { ORDER_STATUSES } from '../rules/order-lifecycle';
import { attachmentListSchema } from './attachments';
import { consultIdSchema } from './consult-id';
import { accountNumberSchema } from './account-number';
import { lensDesignSchema, lensIdSchema } from './lens';
import { centsAmountSchema, invoiceNumberSchema } from './money';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { boundedRecord, fieldKeySchema, versionSchema } from './bounds';
import { eyeSchema, orderIdSchema, parameterValuesSchema } from './order-keys';
import { addressInputSchema, multiLineText, optionalLine, requiredLine } from './text-fields';

/**
 * Lens orders. A practice types an order into a draft (saved as it types), submits it, and the lab
 * approves, holds, rejects or closes it. One order is for one patient: up to one lens line per eye.
 */
export const orderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES));

export { EYE_LABELS, EYES, eyeSchema, MAX_PARAMETER_VALUES, orderIdSchema, parameterValuesSchema } from './order-keys';

export const SHIPPING_METHODS = ['standard', 'express', 'overnight'] as const;
export const SHIPPING_METHOD_LABELS = {
  standard: 'Standard (2-3 days)',
  express: 'Express (next business day)',
  overnight: 'Overnight (priority)',
} as const;
export const SHIP_TO = ['office', 'patient'] as const;
/** What the lab bills for each shipping method unless the close dialog says otherwise. */
export const SHIPPING_PRICES_CENTS: Record<(typeof SHIPPING_METHODS)[number], number> = {
  standard: 850,
  express: 1800,
  overnight: 3500,
};

const orderLineFields = lazySchema(() => ({
  eye: eyeSchema,
  lensId: lensIdSchema,
  parameters: parameterValuesSchema,
  quantity: z.number().int(FIELD_MESSAGES.quantityWhole).min(1, 'Quantity is at least 1').max(10, 'At most 10 lenses'),
  notes: optionalLine('Line notes', 300),
}));

const remakeSchema = lazySchema(() =>
  z.object({ kind: z.enum(['reorder', 'warranty']), ofOrderId: orderIdSchema }).strict(),
);

const shippingSchema = lazySchema(() =>
  z
    .object({
      method: z.enum(SHIPPING_METHODS, { error: 'Choose a shipping method' }),
      shipTo: z.enum(SHIP_TO).default('office'),
      address: addressInputSchema,
    })
    .strict(),
);

/** What a practice submits: every field checked; parameters are checked against the design on the server too. */
export const orderFieldsSchema = lazySchema(() =>
  z
    .object({
      patient: requiredLine('Patient name or reference', 80),
      poNumber: optionalLine('PO number', 40),
      lines: z
        .array(z.object(orderLineFields).strict())
        .min(1, 'Add a lens for OD or OS')
        .max(2, 'One lens per eye')
        .refine((ls) => new Set(ls.map((l) => l.eye)).size === ls.length, 'One lens per eye'),
      shipping: shippingSchema,
      notes: multiLineText('Order notes', 2000).optional(),
      attachments: attachmentListSchema.default([]),
      remake: remakeSchema.optional(),
      /** "Order this": the consult whose answer this order places; submitting marks the consult ordered. */
      consultId: consultIdSchema.optional(),
    })
    .strict(),
);
export type OrderFields = z.input<typeof orderFieldsSchema>;

/** Parameter values as read back from the table: orders and drafts saved before the bounds above still load. */
const storedParameterValuesSchema = lazySchema(() => z.record(z.string(), z.union([z.number().finite(), z.string()])));

function orderDraftShape(
  parameters: z.ZodType<Record<string, number | string>>,
  address: z.ZodType<Record<string, string>>,
) {
  return z
    .object({
      patient: z.string().max(80).optional(),
      poNumber: z.string().max(40).optional(),
      lines: z
        .array(
          z
            .object({
              eye: eyeSchema,
              lensId: z.string().max(64).optional(),
              parameters: parameters.default({}),
              quantity: z.number().int().min(0).max(10).optional(),
              notes: z.string().max(300).optional(),
            })
            .strict(),
        )
        .max(2)
        .default([]),
      shipping: z
        .object({
          method: z.enum(SHIPPING_METHODS).optional(),
          shipTo: z.enum(SHIP_TO).optional(),
          address: address.optional(),
        })
        .strict()
        .optional(),
      notes: z.string().max(2000).optional(),
      attachments: attachmentListSchema.default([]),
      remake: remakeSchema.optional(),
      consultId: consultIdSchema.optional(),
    })
    .strict();
}

/**
 * A draft as the form saves it while the user types: every field optional and unchecked for range (the
 * user is not done), but the same shapes and size limits, so a draft cannot hold anything an order could not.
 * The address holds the fields as typed (address, apt, city, state, zip, country): field-name keys, a few.
 */
export const orderDraftSchema = lazySchema(() =>
  orderDraftShape(parameterValuesSchema, boundedRecord(fieldKeySchema('address field'), z.string().max(200), 12)),
);
/** A draft as stored and answered (read with the shapes drafts had before today's bounds). */
const storedOrderDraftSchema = lazySchema(() =>
  orderDraftShape(storedParameterValuesSchema, z.record(z.string(), z.string())),
);
export type OrderDraft = z.input<typeof orderDraftSchema>;

/** `saveOrderDraft`: creates the draft on first save; later saves name the version they read. */
export const saveOrderDraftInputSchema = lazySchema(() =>
  z
    .object({
      orderId: orderIdSchema,
      accountNumber: accountNumberSchema,
      draft: orderDraftSchema,
      version: versionSchema.optional(),
    })
    .strict(),
);
export const saveOrderDraftOutputSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    version: z.number().int(),
    updatedAt: z.string(),
  }),
);

/** `submitOrder`: idempotent by `orderId` (a double click or a retry answers the same order). */
export const submitOrderInputSchema = lazySchema(() =>
  z.object({ orderId: orderIdSchema, accountNumber: accountNumberSchema, order: orderFieldsSchema }).strict(),
);

export const orderIdInputSchema = lazySchema(() => z.object({ orderId: orderIdSchema }).strict());

export const approveOrderInputSchema = lazySchema(() =>
  z.object({ orderId: orderIdSchema, version: versionSchema, note: optionalLine('Note', 500) }).strict(),
);
export const holdOrderInputSchema = lazySchema(() =>
  z
    .object({ orderId: orderIdSchema, version: versionSchema, message: multiLineText('Message to the practice', 2000) })
    .strict(),
);
export const rejectOrderInputSchema = lazySchema(() =>
  z.object({ orderId: orderIdSchema, version: versionSchema, reason: multiLineText('Reason', 2000) }).strict(),
);
export const closeOrderInputSchema = lazySchema(() =>
  z
    .object({
      orderId: orderIdSchema,
      version: versionSchema,
      invoiceNumber: invoiceNumberSchema,
      /** Left out: the shipping method's price (SHIPPING_PRICES_CENTS). */
      shippingCents: centsAmountSchema('Shipping').optional(),
      /** Tax the lab enters for this invoice (no tax rules in the portal). */
      taxCents: centsAmountSchema('Tax').default(0),
    })
    .strict(),
);
export const cancelOrderInputSchema = lazySchema(() =>
  z.object({ orderId: orderIdSchema, version: versionSchema, reason: optionalLine('Reason', 500) }).strict(),
);
/** The practice answers a hold; it may send corrected order fields with the answer. */
export const resubmitOrderInputSchema = lazySchema(() =>
  z
    .object({
      orderId: orderIdSchema,
      version: versionSchema,
      answer: multiLineText('Answer to the lab', 2000),
      order: orderFieldsSchema.optional(),
    })
    .strict(),
);

/** One entry of an order's timeline: who changed what, when. */
export const orderHistoryEntrySchema = lazySchema(() =>
  z.object({
    at: z.string(),
    action: z.string(),
    from: orderStatusSchema.nullable(),
    to: orderStatusSchema,
    by: z.object({ userId: z.string(), name: z.string(), actor: z.enum(['practice', 'lab']) }),
    note: z.string().optional(),
  }),
);
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** An order line as stored: the values plus the design exactly as it was when ordered. */
export const orderLineSchema = lazySchema(() =>
  z.object({
    ...orderLineFields,
    parameters: storedParameterValuesSchema,
    notes: z.string().optional(),
    design: lensDesignSchema
      .pick({
        lensId: true,
        name: true,
        type: true,
        parameters: true,
        warrantyDays: true,
        warranty: true,
        version: true,
      })
      .extend({
        priceCents: z.number().int().optional(),
      }),
  }),
);
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    /** Human order number (e.g. "LL-000042"), given on submit; null for drafts. */
    orderNumber: z.string().nullable(),
    accountNumber: z.string(),
    status: orderStatusSchema,
    patient: z.string(),
    poNumber: z.string().optional(),
    lines: z.array(orderLineSchema),
    /** Drafts keep what was typed; submitted orders hold checked fields. */
    draft: storedOrderDraftSchema.optional(),
    shipping: shippingSchema.optional(),
    notes: z.string().optional(),
    attachments: z.array(z.object({ name: z.string(), size: z.number(), type: z.string() })),
    remake: remakeSchema
      .extend({
        ofOrderNumber: z.string().optional(),
        /** A warranty exchange: the fee its invoice bills instead of the lens price (the design's policy). */
        exchangeFeeCents: z.number().int().optional(),
      })
      .optional(),
    /** The consult this order was placed from ("Order this"). */
    consultId: z.string().optional(),
    invoiceNumber: z.string().optional(),
    holdMessage: z.string().optional(),
    rejectReason: z.string().optional(),
    history: z.array(orderHistoryEntrySchema),
    createdBy: z.object({ userId: z.string(), name: z.string() }),
    createdAt: z.string(),
    submittedAt: z.string().optional(),
    /** When the order entered its current status (the approval queue's order). */
    statusAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int().nonnegative(),
    /** Absent when the account may not see prices. */
    totalCents: z.number().int().optional(),
  }),
);
export type Order = z.infer<typeof orderSchema>;

/** A row of an order list. */
export const orderSummarySchema = lazySchema(() =>
  orderSchema
    .pick({
      orderId: true,
      orderNumber: true,
      accountNumber: true,
      status: true,
      patient: true,
      poNumber: true,
      createdAt: true,
      submittedAt: true,
      statusAt: true,
      updatedAt: true,
      invoiceNumber: true,
      version: true,
    })
    .extend({ lenses: z.array(z.object({ eye: eyeSchema, name: z.string() })) }),
);
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const dateSchema = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is YYYY-MM-DD'));
const searchSchema = lazySchema(() => z.string().trim().max(80).optional());

/** `listOrders` (admins, the approval queue): oldest first in one status; filters by account and date. */
export const listOrdersInputSchema = lazySchema(() =>
  z
    .object({
      status: orderStatusSchema.exclude(['draft']).default('submitted'),
      accountNumber: accountNumberSchema.optional(),
      from: dateSchema.optional(),
      to: dateSchema.optional(),
      /** Order number, patient or PO number. */
      search: searchSchema,
      limit: pageLimitSchema(100, 25),
      cursor: pageCursorSchema.optional(),
    })
    .strict()
    .optional()
    .default({ status: 'submitted', limit: 25 }),
);
export const orderPageSchema = lazySchema(() => pageSchema(orderSummarySchema));

/** `listAccountOrders` (the practice's own account, or any for admins): newest first. */
export const listAccountOrdersInputSchema = lazySchema(() =>
  z
    .object({
      accountNumber: accountNumberSchema,
      status: orderStatusSchema.optional(),
      search: searchSchema,
      limit: pageLimitSchema(100, 25),
      cursor: pageCursorSchema.optional(),
    })
    .strict(),
);

/** `getAdminDashboard`: the lab's overview. */
export const adminDashboardSchema = lazySchema(() =>
  z.object({
    countsByStatus: z.record(orderStatusSchema, z.number().int()),
    oldestWaiting: orderSummarySchema.nullable(),
    /** The last 12 weeks, oldest first; `weekStart` is the Monday (YYYY-MM-DD, UTC). */
    ordersPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
    /**
     * Users with an open session (not signed out or expired) who did something in the last 5 minutes; `status`
     * is 'idle' once their last activity is older than one sync period (core/rules/activity-status.ts).
     */
    activeUsers: z.array(
      z.object({
        userId: z.string(),
        email: z.string(),
        role: z.string(),
        lastActivity: z.number(),
        status: z.enum(['active', 'idle']),
      }),
    ),
  }),
);
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
