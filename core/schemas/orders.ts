import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from '../zod';
import { ORDER_STATUSES, PLACED_STATUSES } from '../rules/order-lifecycle';
import { attachmentListSchema } from './attachments';
import { consultIdSchema } from './consults/consult-id';
import { accountNumberSchema } from './account-number';
import { lensDesignSchema, lensIdSchema } from './lenses';
import { centsAmountSchema, invoiceNumberSchema } from './money';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { boundedRecord, fieldKeySchema, versionSchema } from './bounds';
import { eyeSchema, ORDER_LIMITS, orderIdSchema, parameterValuesSchema } from './order-keys';
import { addressInputSchema, multiLineText, optionalLine, requiredLine } from './text-fields';

/**
 * Lens orders. A practice types an order into a draft (saved as it types), submits it, and the lab
 * approves, holds, rejects or closes it. One order is for one patient: up to one lens line per eye.
 */
export const orderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES));

export {
  EYE_LABELS,
  EYES,
  eyeSchema,
  MAX_PARAMETER_VALUES,
  ORDER_LIMITS,
  orderIdSchema,
  parameterValuesSchema,
} from './order-keys';

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
  quantity: z
    .number()
    .check(
      z.int(FIELD_MESSAGES.quantityWhole),
      z.gte(ORDER_LIMITS.quantity.min, `Quantity is at least ${ORDER_LIMITS.quantity.min}`),
      z.lte(ORDER_LIMITS.quantity.max, `At most ${ORDER_LIMITS.quantity.max} lenses`),
    ),
  notes: optionalLine('Line notes', ORDER_LIMITS.lineNotes),
}));

const remakeSchema = lazySchema(() =>
  z.strictObject({ kind: z.enum(['reorder', 'warranty']), ofOrderId: orderIdSchema }),
);

const shippingSchema = lazySchema(() =>
  z.strictObject({
    method: z.enum(SHIPPING_METHODS, { error: 'Choose a shipping method' }),
    shipTo: z._default(z.enum(SHIP_TO), 'office'),
    address: addressInputSchema,
  }),
);

/** What a practice submits: every field checked; parameters are checked against the design on the server too. */
export const orderFieldsSchema = lazySchema(() =>
  z.strictObject({
    patient: requiredLine('Patient name or reference', ORDER_LIMITS.patient),
    poNumber: optionalLine('PO number', ORDER_LIMITS.poNumber),
    lines: z.array(z.strictObject(orderLineFields)).check(
      z.minLength(1, 'Add a lens for OD or OS'),
      z.maxLength(ORDER_LIMITS.lines, 'One lens per eye'),
      z.refine((ls) => new Set(ls.map((l) => l.eye)).size === ls.length, 'One lens per eye'),
    ),
    shipping: shippingSchema,
    notes: z.optional(multiLineText('Order notes', ORDER_LIMITS.notes)),
    attachments: z._default(attachmentListSchema, []),
    remake: z.optional(remakeSchema),
    /** "Order this": the consult whose answer this order places; submitting marks the consult ordered. */
    consultId: z.optional(consultIdSchema),
  }),
);
export type OrderFields = z.input<typeof orderFieldsSchema>;

/** Parameter values as read back from the table: orders and drafts saved before the bounds above still load. */
// z.number() refuses Infinity and NaN itself.
const storedParameterValuesSchema = lazySchema(() => z.record(z.string(), z.union([z.number(), z.string()])));

function orderDraftShape(
  parameters: z.ZodMiniType<Record<string, number | string>>,
  address: z.ZodMiniType<Record<string, string>>,
) {
  return z.strictObject({
    patient: z.optional(z.string().check(z.maxLength(ORDER_LIMITS.patient))),
    poNumber: z.optional(z.string().check(z.maxLength(ORDER_LIMITS.poNumber))),
    lines: z._default(
      z
        .array(
          z.strictObject({
            eye: eyeSchema,
            lensId: z.optional(z.string().check(z.maxLength(ORDER_LIMITS.lensId))),
            parameters: z._default(parameters, {}),
            quantity: z.optional(z.number().check(z.int(), z.gte(0), z.lte(ORDER_LIMITS.quantity.max))),
            notes: z.optional(z.string().check(z.maxLength(ORDER_LIMITS.lineNotes))),
          }),
        )
        .check(z.maxLength(ORDER_LIMITS.lines)),
      [],
    ),
    shipping: z.optional(
      z.strictObject({
        method: z.optional(z.enum(SHIPPING_METHODS)),
        shipTo: z.optional(z.enum(SHIP_TO)),
        address: z.optional(address),
      }),
    ),
    notes: z.optional(z.string().check(z.maxLength(ORDER_LIMITS.notes))),
    attachments: z._default(attachmentListSchema, []),
    remake: z.optional(remakeSchema),
    consultId: z.optional(consultIdSchema),
  });
}

/**
 * A draft as the form saves it while the user types: every field optional and unchecked for range (the
 * user is not done), but the same shapes and size limits, so a draft cannot hold anything an order could not.
 * The address holds the fields as typed (address, apt, city, state, zip, country): field-name keys, a few.
 */
export const orderDraftSchema = lazySchema(() =>
  orderDraftShape(
    parameterValuesSchema,
    boundedRecord(fieldKeySchema('address field'), z.string().check(z.maxLength(ORDER_LIMITS.addressField)), 12),
  ),
);
/** A draft as stored and answered (read with the shapes drafts had before today's bounds). */
const storedOrderDraftSchema = lazySchema(() =>
  orderDraftShape(storedParameterValuesSchema, z.record(z.string(), z.string())),
);
export type OrderDraft = z.input<typeof orderDraftSchema>;

/** `saveOrderDraft`: creates the draft on first save; later saves name the version they read. */
export const saveOrderDraftInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdSchema,
    accountNumber: accountNumberSchema,
    draft: orderDraftSchema,
    version: z.optional(versionSchema),
  }),
);
export const saveOrderDraftOutputSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    version: z.number().check(z.int()),
    updatedAt: z.string(),
  }),
);

/** `submitOrder`: idempotent by `orderId` (a double click or a retry answers the same order). */
export const submitOrderInputSchema = lazySchema(() =>
  z.strictObject({ orderId: orderIdSchema, accountNumber: accountNumberSchema, order: orderFieldsSchema }),
);

export const orderIdInputSchema = lazySchema(() => z.strictObject({ orderId: orderIdSchema }));

export const approveOrderInputSchema = lazySchema(() =>
  z.strictObject({ orderId: orderIdSchema, version: versionSchema, note: optionalLine('Note', 500) }),
);
export const holdOrderInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdSchema,
    version: versionSchema,
    message: multiLineText('Message to the practice', 2000),
  }),
);
export const rejectOrderInputSchema = lazySchema(() =>
  z.strictObject({ orderId: orderIdSchema, version: versionSchema, reason: multiLineText('Reason', 2000) }),
);
export const closeOrderInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdSchema,
    version: versionSchema,
    invoiceNumber: invoiceNumberSchema,
    /** Left out: the shipping method's price (SHIPPING_PRICES_CENTS). */
    shippingCents: z.optional(centsAmountSchema('Shipping')),
    /** Tax the lab enters for this invoice (no tax rules in the portal). */
    taxCents: z._default(centsAmountSchema('Tax'), 0),
  }),
);
export const cancelOrderInputSchema = lazySchema(() =>
  z.strictObject({ orderId: orderIdSchema, version: versionSchema, reason: optionalLine('Reason', 500) }),
);
/** The practice answers a hold; it may send corrected order fields with the answer. */
export const resubmitOrderInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdSchema,
    version: versionSchema,
    answer: multiLineText('Answer to the lab', 2000),
    order: z.optional(orderFieldsSchema),
  }),
);

/** One entry of an order's timeline: who changed what, when. */
export const orderHistoryEntrySchema = lazySchema(() =>
  z.object({
    at: z.string(),
    action: z.string(),
    from: z.nullable(orderStatusSchema),
    to: orderStatusSchema,
    by: z.object({ userId: z.string(), name: z.string(), actor: z.enum(['practice', 'lab']) }),
    note: z.optional(z.string()),
  }),
);
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** An order line as stored: the values plus the design exactly as it was when ordered. */
export const orderLineSchema = lazySchema(() =>
  z.object({
    ...orderLineFields,
    parameters: storedParameterValuesSchema,
    notes: z.optional(z.string()),
    design: z.extend(
      z.pick(lensDesignSchema, {
        lensId: true,
        name: true,
        type: true,
        parameters: true,
        warrantyDays: true,
        warranty: true,
        version: true,
      }),
      {
        priceCents: z.optional(z.number().check(z.int())),
      },
    ),
  }),
);
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    /** Human order number (e.g. "LL-000042"), given on submit; null for drafts. */
    orderNumber: z.nullable(z.string()),
    accountNumber: z.string(),
    status: orderStatusSchema,
    patient: z.string(),
    poNumber: z.optional(z.string()),
    lines: z.array(orderLineSchema),
    /** Drafts keep what was typed; submitted orders hold checked fields. */
    draft: z.optional(storedOrderDraftSchema),
    shipping: z.optional(shippingSchema),
    notes: z.optional(z.string()),
    attachments: z.array(z.object({ name: z.string(), size: z.number(), type: z.string() })),
    remake: z.optional(
      z.extend(remakeSchema, {
        ofOrderNumber: z.optional(z.string()),
        /** A warranty exchange: the fee its invoice bills instead of the lens price (the design's policy). */
        exchangeFeeCents: z.optional(z.number().check(z.int())),
        /**
         * A warranty exchange: the first order of its chain (the lens first sold), whose policy counts the
         * exchanges; the same as `ofOrderId` for a first remake. Absent on remakes stored before chains.
         */
        originalOrderId: z.optional(z.string()),
        originalOrderNumber: z.optional(z.string()),
      }),
    ),
    /** The consult this order was placed from ("Order this"). */
    consultId: z.optional(z.string()),
    invoiceNumber: z.optional(z.string()),
    holdMessage: z.optional(z.string()),
    rejectReason: z.optional(z.string()),
    history: z.array(orderHistoryEntrySchema),
    createdBy: z.object({ userId: z.string(), name: z.string() }),
    createdAt: z.string(),
    submittedAt: z.optional(z.string()),
    /** When the order entered its current status (the approval queue's order). */
    statusAt: z.string(),
    updatedAt: z.string(),
    version: z.number().check(z.int(), z.nonnegative()),
    /** Absent when the account may not see prices. */
    totalCents: z.optional(z.number().check(z.int())),
  }),
);
export type Order = z.infer<typeof orderSchema>;

/** A row of an order list. */
export const orderSummarySchema = lazySchema(() =>
  z.extend(
    z.pick(orderSchema, {
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
    }),
    { lenses: z.array(z.object({ eye: eyeSchema, name: z.string() })) },
  ),
);
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const dateSchema = lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is YYYY-MM-DD')));
const searchSchema = lazySchema(() => z.optional(z.string().check(z.trim(), z.maxLength(80))));
/** The statuses the approval queue lists: every one but 'draft'. */
const queueStatusSchema = lazySchema(() => z.enum(PLACED_STATUSES));

/** `listOrders` (admins, the approval queue): oldest first in one status; filters by account and date. */
export const listOrdersInputSchema = lazySchema(() =>
  z._default(
    z.optional(
      z.strictObject({
        status: z._default(queueStatusSchema, 'submitted'),
        accountNumber: z.optional(accountNumberSchema),
        from: z.optional(dateSchema),
        to: z.optional(dateSchema),
        /** Order number, patient or PO number. */
        search: searchSchema,
        limit: pageLimitSchema(100, 25),
        cursor: z.optional(pageCursorSchema),
      }),
    ),
    { status: 'submitted', limit: 25 },
  ),
);
export const orderPageSchema = lazySchema(() => pageSchema(orderSummarySchema));

/** `listAccountOrders` (the practice's own account, or any for admins): newest first. */
export const listAccountOrdersInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    status: z.optional(orderStatusSchema),
    search: searchSchema,
    limit: pageLimitSchema(100, 25),
    cursor: z.optional(pageCursorSchema),
  }),
);

/** `getAdminDashboard`: the lab's overview. */
export const adminDashboardSchema = lazySchema(() =>
  z.object({
    countsByStatus: z.record(orderStatusSchema, z.number().check(z.int())),
    oldestWaiting: z.nullable(orderSummarySchema),
    /** The last 12 weeks, oldest first; `weekStart` is the Monday (YYYY-MM-DD, UTC). */
    ordersPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().check(z.int()) })),
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
