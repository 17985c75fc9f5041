import { lazySchema } from './lazy-schema';
import { FIELD_MESSAGES } from '../messages';
import * as z from '../zod';
import { ORDER_STATUSES, PLACED_STATUSES } from '../rules/order-lifecycle';
import { attachmentListSchema } from './attachments';
import { consultIdSchema } from './consults/consult-id';
import { accountNumberSchema } from './account-number';
import { lensDesignSchema, lensIdSchema, SHIP_GUARANTEE_REMEDIES } from './lenses';
import { centsAmountSchema, invoiceNumberSchema } from './money';
import { pageCursorSchema, pageLimitSchema, pageSchema } from './paging';
import { boundedRecord, fieldKeySchema, versionSchema } from './bounds';
import { eyeSchema, ORDER_LIMITS, orderIdSchema, parameterValuesSchema } from './order-keys';
import { addressInputSchema, multiLineText, optionalLine, optionalMultiLineText, requiredLine } from './text-fields';
import { stageIdSchema } from './production-stages';
import { isCalendarDay } from '../rules/calendar-days';
import { CARRIERS, PARCEL_STATUSES } from '../rules/tracking-numbers';
import { PROMISE_STATES, SHIPPING_METHODS } from '../rules/shipping-methods';
import { PARCELS_MESSAGES, shipmentParcelsSchema } from './tracking-numbers';
import {
  DECLINE_NEEDS_NOTE,
  PARCEL_CLAIM_DECISIONS,
  PARCEL_CLAIM_KINDS,
  PARCEL_CLAIM_NOTE_MAX,
  PARCEL_CLAIM_STATUSES,
} from '../rules/parcel-claim-terms';

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

// One list for the order schema and the ship-date rules (core/rules/shipping-methods.ts).
export { SHIPPING_METHODS };
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
  z
    .strictObject({
      orderId: orderIdSchema,
      version: versionSchema,
      invoiceNumber: invoiceNumberSchema,
      /** Left out: the shipping method's price (SHIPPING_PRICES_CENTS). */
      shippingCents: z.optional(centsAmountSchema('Shipping')),
      /** Tax the lab enters for this invoice (no tax rules in the portal). */
      taxCents: z._default(centsAmountSchema('Tax'), 0),
      /** The parcels shipped, each with its tracking number; none with `noTracking` (hand delivery, the lab's courier). */
      parcels: z._default(shipmentParcelsSchema, []),
      noTracking: z.optional(z.literal(true)),
    })
    .check(
      z.superRefine(({ parcels, noTracking }, ctx) => {
        if (parcels.length === 0 && !noTracking)
          ctx.addIssue({ code: 'custom', path: ['parcels'], message: PARCELS_MESSAGES.required });
        if (parcels.length > 0 && noTracking)
          ctx.addIssue({ code: 'custom', path: ['noTracking'], message: PARCELS_MESSAGES.both });
      }),
    ),
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
    /** The production stage the order entered (a stage move, an approval, shipping, delivery). */
    stage: z.optional(z.string()),
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
        leadDays: true,
        shipGuarantee: true,
        version: true,
      }),
      {
        priceCents: z.optional(z.number().check(z.int())),
      },
    ),
  }),
);
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * What the lab promised when the order was placed (core/rules/ship-date.ts promiseDates), as days on the lab's
 * calendar. `shipBy` and `arriveBy` move when the lab records a delay; `firstShipBy` never changes after the
 * submit, so lateness is measured against what was first promised.
 */
export const orderPromiseSchema = lazySchema(() =>
  z.object({
    shipBy: z.string(),
    arriveBy: z.string(),
    method: z.enum(SHIPPING_METHODS),
    promisedAt: z.string(),
    firstShipBy: z.string(),
  }),
);
export type OrderPromise = z.infer<typeof orderPromiseSchema>;

/**
 * A problem the practice reported with a parcel (missing or damaged, within 30 days of shipping:
 * core/rules/parcel-claims.ts) and the lab's decision: replacement lenses, or declined with a reason.
 */
export const parcelClaimSchema = lazySchema(() =>
  z.object({
    claimId: z.string(),
    kind: z.enum(PARCEL_CLAIM_KINDS),
    note: z.string(),
    reportedAt: z.string(),
    reportedBy: z.object({ userId: z.string(), name: z.string() }),
    status: z.enum(PARCEL_CLAIM_STATUSES),
    decidedAt: z.optional(z.string()),
    decidedBy: z.optional(z.object({ userId: z.string(), name: z.string() })),
    /** The lab's words to the practice: the reason of a decline, an optional note with a replacement. */
    decisionNote: z.optional(z.string()),
  }),
);
export type ParcelClaim = z.infer<typeof parcelClaimSchema>;

/**
 * A parcel the order shipped in, followed through its carrier's events (applyParcelEvent): `status` moves only
 * forward in time (`lastEventAt`), each event applied once (`eventIds`, the newest few). `trackerId` is the
 * tracking service's, set when the parcel is registered with it.
 */
export const orderParcelSchema = lazySchema(() =>
  z.object({
    parcelId: z.string(),
    carrier: z.enum(CARRIERS),
    trackingNumber: z.string(),
    status: z.enum(PARCEL_STATUSES),
    trackerId: z.optional(z.string()),
    lastEventAt: z.optional(z.string()),
    /** The carrier's words for its newest scan, one line. */
    lastEvent: z.optional(z.string()),
    deliveredAt: z.optional(z.string()),
    eventIds: z.optional(z.array(z.string())),
    /** The practice's report of a problem with this parcel, at most one. */
    claim: z.optional(parcelClaimSchema),
  }),
);
export type OrderParcel = z.infer<typeof orderParcelSchema>;

/**
 * A ship guarantee the close applied to one line: the day it had to ship by (the day work started plus the
 * guarantee's business days) and the remedy: the line's lenses free on the invoice, or lens credit.
 */
export const guaranteeAppliedSchema = lazySchema(() =>
  z.object({
    eye: eyeSchema,
    lensId: z.string(),
    shipBy: z.string(),
    remedy: z.enum(SHIP_GUARANTEE_REMEDIES),
    creditCents: z.optional(z.number().check(z.int())),
  }),
);
export type GuaranteeApplied = z.infer<typeof guaranteeAppliedSchema>;

/** A ship date the lab moved (recordOrderDelay): who, when, why (shown to the practice), from and to. */
export const orderDelaySchema = lazySchema(() =>
  z.object({
    at: z.string(),
    by: z.object({ userId: z.string(), name: z.string() }),
    reason: z.string(),
    previousShipBy: z.string(),
    shipBy: z.string(),
  }),
);
export type OrderDelay = z.infer<typeof orderDelaySchema>;

/**
 * `recordOrderDelay` (admins): a new ship-by day (a business day of the lab, not before today) and the reason the
 * practice reads, over the version the lab read.
 */
export const recordOrderDelayInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdSchema,
    version: versionSchema,
    reason: multiLineText('Reason', 500),
    shipBy: z
      .string({ error: 'New ship date is required' })
      .check(
        z.maxLength(10, 'Write the new ship date as YYYY-MM-DD'),
        z.refine(isCalendarDay, 'Write the new ship date as YYYY-MM-DD'),
      ),
  }),
);
export type RecordOrderDelayInput = z.infer<typeof recordOrderDelayInputSchema>;

/** A parcel as a claim route names it: the close numbers an order's parcels 1 to 10. */
const parcelIdSchema = lazySchema(() =>
  z.string({ error: 'Choose a parcel' }).check(z.regex(/^[0-9]{1,2}$/, 'Not a parcel of this order')),
);

/** `reportParcelProblem` (the practice): a parcel of its shipped order missing or damaged, with what happened. */
export const reportParcelProblemInputSchema = lazySchema(() =>
  z.strictObject({
    orderId: orderIdSchema,
    version: versionSchema,
    parcelId: parcelIdSchema,
    kind: z.enum(PARCEL_CLAIM_KINDS, { error: 'Choose missing or damaged' }),
    note: multiLineText('What happened', PARCEL_CLAIM_NOTE_MAX),
  }),
);
export type ReportParcelProblemInput = z.infer<typeof reportParcelProblemInputSchema>;

/** `decideParcelClaim` (the lab): replace the lenses (a note optional) or decline (the reason required). */
export const decideParcelClaimInputSchema = lazySchema(() =>
  z
    .strictObject({
      orderId: orderIdSchema,
      version: versionSchema,
      parcelId: parcelIdSchema,
      decision: z.enum(PARCEL_CLAIM_DECISIONS, { error: 'Choose replace or decline' }),
      note: optionalMultiLineText('Note', PARCEL_CLAIM_NOTE_MAX),
    })
    .check(
      z.superRefine(({ decision, note }, ctx) => {
        if (decision === 'decline' && note === '')
          ctx.addIssue({ code: 'custom', path: ['note'], message: DECLINE_NEEDS_NOTE });
      }),
    ),
);
export type DecideParcelClaimInput = z.infer<typeof decideParcelClaimInputSchema>;

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
    /**
     * The production stage, a sub-state of the status (core/rules/production-stages.ts): approved carries
     * 'approved' or a work stage, closed 'shipped' or 'delivered'. Orders stored before stages have none
     * (stageOfOrder reads them as their status's first stage).
     */
    stage: z.optional(z.string()),
    stageAt: z.optional(z.string()),
    promise: z.optional(orderPromiseSchema),
    /** Each ship date the lab moved, oldest first, with the reason the practice was given. */
    delays: z.optional(z.array(orderDelaySchema)),
    /**
     * The parcels of a close (closed orders): an empty list when it shipped without tracking (hand delivery, the
     * lab's courier); absent on orders closed before parcels were recorded.
     */
    parcels: z.optional(z.array(orderParcelSchema)),
    /** The lab-local day the order shipped (its close): what on time is measured by, against `firstShipBy`. */
    shippedOn: z.optional(z.string()),
    /** When the carrier delivered the last parcel (stage 'delivered'). */
    deliveredAt: z.optional(z.string()),
    /** The lines whose design's ship guarantee the close found missed, and what the practice got for each. */
    guaranteeApplied: z.optional(z.array(guaranteeAppliedSchema)),
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
      stage: true,
      stageAt: true,
    }),
    {
      lenses: z.array(z.object({ eye: eyeSchema, name: z.string() })),
      /** The ship-by day now and the one first promised (orders placed before promises have none). */
      promise: z.optional(z.object({ shipBy: z.string(), firstShipBy: z.string(), arriveBy: z.string() })),
      /** Where the order stands against its ship-by day, today on the lab's calendar (lab lists only). */
      promiseState: z.optional(z.enum(PROMISE_STATES)),
    },
  ),
);
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Orders one bulk stage move may name: a lab's morning batch, and an answer that stays small. */
export const STAGE_MOVES_LIMIT = 50;

/**
 * `moveOrderStages` (admins): each order to a stage of the lab's list, or 'next' (its next work stage), at the
 * version the queue read. Each move is its own conditional write, so one stale order never holds the others back.
 */
export const moveOrderStagesInputSchema = lazySchema(() =>
  z.strictObject({
    moves: z
      .array(
        z.strictObject({
          orderId: orderIdSchema,
          version: versionSchema,
          to: z.union([z.literal('next'), stageIdSchema]),
        }),
      )
      .check(
        z.minLength(1, 'Choose at least one order'),
        z.maxLength(STAGE_MOVES_LIMIT, `At most ${STAGE_MOVES_LIMIT} orders at once`),
        z.refine((moves) => new Set(moves.map((m) => m.orderId)).size === moves.length, 'An order is listed twice'),
      ),
  }),
);
export type MoveOrderStagesInput = z.infer<typeof moveOrderStagesInputSchema>;

/** One order's outcome: moved (with its new summary: version and stage), or refused with the reason. */
export const stageMoveResultSchema = lazySchema(() =>
  z.object({
    orderId: z.string(),
    ok: z.boolean(),
    order: z.optional(orderSummarySchema),
    error: z.optional(z.object({ status: z.string(), message: z.string() })),
  }),
);
export type StageMoveResult = z.infer<typeof stageMoveResultSchema>;
export const moveOrderStagesOutputSchema = lazySchema(() =>
  z.object({
    results: z.array(stageMoveResultSchema),
    moved: z.number().check(z.int()),
    refused: z.number().check(z.int()),
  }),
);
export type MoveOrderStagesOutput = z.infer<typeof moveOrderStagesOutputSchema>;

const dateSchema = lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is YYYY-MM-DD')));
const searchSchema = lazySchema(() => z.optional(z.string().check(z.trim(), z.maxLength(80))));
/** The statuses the approval queue lists: every one but 'draft'. */
const queueStatusSchema = lazySchema(() => z.enum(PLACED_STATUSES));

export const QUEUE_SORTS = ['oldest', 'shipBy'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

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
        /** `oldest`: by when orders entered the status; `shipBy`: soonest ship-by day first (orders with a promise). */
        sort: z._default(z.enum(QUEUE_SORTS), 'oldest'),
      }),
    ),
    { status: 'submitted', limit: 25, sort: 'oldest' },
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

const onTimeWindowSchema = lazySchema(() =>
  z.object({ shipped: z.number().check(z.int()), onTime: z.number().check(z.int()), rate: z.nullable(z.number()) }),
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
    /**
     * The lab's on-time record over the orders shipped in the last 30 and 90 lab-local days (today included): how
     * many shipped with a promise, how many by the ship-by day first promised, and the share (null when none).
     */
    onTime: z.object({ last30: onTimeWindowSchema, last90: onTimeWindowSchema }),
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
