import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { DISPUTE_STATUSES, invoiceNumberSchema, invoiceSchema } from './invoices';
import { actorSchema, clientIdSchema, positiveCentsSchema } from './money';
import { multiLineText } from './text-fields';

/**
 * Pay Online. The browser makes the payment id before it sends anything, so a double click, a retry
 * or a refresh during payment names the same payment and the server charges it once.
 */
export const paymentIdSchema = lazySchema(() => clientIdSchema('Payment id'));

/**
 * The smallest card charge: Stripe's minimum for USD ($0.50, docs.stripe.com "Minimum and maximum charge
 * amounts"). A smaller card part is refused before any intent is made, with a message the payer can act on.
 */
export const MIN_CARD_CENTS = 50;

/**
 * At most this many invoices in one payment: the settlement is one DynamoDB transaction (100 items), and at 25
 * it holds at most 80: the payment, the invoices, the credit balance, an applied-credit entry per invoice and
 * an overpayment's grant (two items each), and the receipt's outbox message.
 */
export const MAX_INVOICES_PER_PAYMENT = 25;

export const paymentAllocationSchema = lazySchema(() =>
  z.strictObject({ invoiceNumber: invoiceNumberSchema, amountCents: positiveCentsSchema('Amount to pay') }),
);
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const startPaymentInputSchema = lazySchema(() =>
  z.strictObject({
    paymentId: paymentIdSchema,
    accountNumber: accountNumberSchema,
    allocations: z.array(paymentAllocationSchema).check(
      z.minLength(1, 'Choose at least one invoice to pay'),
      z.maxLength(MAX_INVOICES_PER_PAYMENT, `Pay at most ${MAX_INVOICES_PER_PAYMENT} invoices at once`),
      z.refine(
        (as) => new Set(as.map((a) => a.invoiceNumber.toUpperCase())).size === as.length,
        'An invoice is listed twice',
      ),
    ),
    /** Apply the account's available lens credit first; the card pays the rest. */
    applyCredit: z._default(z.boolean(), false),
  }),
);
export type StartPaymentInput = z.input<typeof startPaymentInputSchema>;

export const paymentIdInputSchema = lazySchema(() => z.strictObject({ paymentId: paymentIdSchema }));

export const PAYMENT_STATUSES = ['awaiting-card', 'succeeded', 'failed'] as const;
export const paymentStatusSchema = lazySchema(() => z.enum(PAYMENT_STATUSES));
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const GATEWAY_KINDS = ['fake', 'stripe'] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];

/**
 * A refund the billing desk asked for on a card payment (refundPayment). `pending` reserves its amount before
 * the gateway is called, so refunds of one payment never add up to more than its card paid, however many are
 * asked at once; `failed` (the gateway refused it) releases it.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const paymentRefundSchema = lazySchema(() =>
  z.object({
    /** The browser's id: our key and the gateway's idempotency key. */
    refundId: z.string(),
    invoiceNumber: z.string(),
    amountCents: z.number().check(z.int()),
    reason: z.string(),
    status: z.enum(REFUND_STATUSES),
    requestedAt: z.string(),
    requestedBy: actorSchema,
    /** The refund receipt's number (RF-...). */
    receiptNumber: z.string(),
    /** The gateway's refund (Stripe `re_...`), once it answered. */
    gatewayRefundId: z.optional(z.string()),
    settledAt: z.optional(z.string()),
    failureMessage: z.optional(z.string()),
  }),
);
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** The chargeback on a payment, as the gateway's last dispute event said. */
export const paymentDisputeSchema = lazySchema(() =>
  z.object({
    disputeId: z.string(),
    amountCents: z.number().check(z.int()),
    reason: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    openedAt: z.string(),
    closedAt: z.optional(z.string()),
  }),
);
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

/**
 * What an autopay charge adds to its payment (docs/decisions/0107-autopay.md): the month it pays, the card, and
 * its tries. The payment id is made from the account and the month, so every run of the job names one payment.
 */
export const autopayChargeSchema = lazySchema(() =>
  z.object({
    month: z.string(),
    /** The day of the first try: the retry schedule and the authentication deadline count from it. */
    firstAttemptOn: z.string(),
    customerId: z.string(),
    paymentMethodId: z.string(),
    attempts: z.number().check(z.int(), z.nonnegative()),
    /** Set while a soft decline waits for its next try. */
    nextAttemptOn: z.optional(z.string()),
    /** The bank asked the payer to authenticate; the email with the link went with this mark. */
    needsAuthentication: z._default(z.boolean(), false),
    declineCode: z.optional(z.string()),
  }),
);
export type AutopayCharge = z.infer<typeof autopayChargeSchema>;

/** A payment as stored (table `payments`, pk paymentId). */
export const paymentSchema = lazySchema(() =>
  z.object({
    paymentId: z.string(),
    accountNumber: z.string(),
    payer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    allocations: z.array(z.object({ invoiceNumber: z.string(), amountCents: z.number().check(z.int()) })),
    /** What the payer chose to pay in all; credit first, the card the rest. */
    totalCents: z.number().check(z.int()),
    creditCents: z.number().check(z.int()),
    cardCents: z.number().check(z.int()),
    status: paymentStatusSchema,
    gateway: z.optional(z.enum(GATEWAY_KINDS)),
    /** The gateway's payment (a Stripe PaymentIntent id); absent when credit paid everything. */
    intentId: z.optional(z.string()),
    /** Lets the payer's browser confirm the card with the gateway; never logged. */
    clientSecret: z.optional(z.string()),
    /** The gateway's reason, shown to the payer, when the card was declined. */
    failureMessage: z.optional(z.string()),
    /** Card amount that exceeded the invoices' balances at settlement and became account credit. */
    overpaidCents: z._default(z.number().check(z.int()), 0),
    /** True when that amount is above the lab's threshold and waits for a second super admin before it is credit. */
    overpaymentHeld: z.optional(z.boolean()),
    receiptNumber: z.string(),
    createdAt: z.string(),
    settledAt: z.optional(z.string()),
    /** Refunds of its card part, oldest first (absent before the first). */
    refunds: z.optional(z.array(paymentRefundSchema)),
    dispute: z.optional(paymentDisputeSchema),
    /** Set on autopay's charges only. */
    autopay: z.optional(autopayChargeSchema),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

/** What the payer's browser gets back: the payment and, while a card is still needed, how to confirm it. */
export const paymentViewSchema = lazySchema(() =>
  // Refunds name the staff who asked: the lab's business, as on invoices.
  z.extend(z.omit(paymentSchema, { payer: true, refunds: true, dispute: true }), {
    /** Set while status is awaiting-card: what the browser needs to take the card. */
    checkout: z.nullable(
      z.object({
        gateway: z.enum(GATEWAY_KINDS),
        clientSecret: z.string(),
        /** Stripe's publishable key (stripe stages only). */
        publishableKey: z.optional(z.string()),
      }),
    ),
  }),
);
export type PaymentView = z.infer<typeof paymentViewSchema>;

/**
 * `refundPayment` (billing permission): pays back part or all of what a card payment put on one invoice. The
 * browser makes `refundId` once per dialog, so a double click or a retry names the same refund.
 */
export const refundPaymentInputSchema = lazySchema(() =>
  z.strictObject({
    refundId: clientIdSchema('Refund id'),
    paymentId: paymentIdSchema,
    invoiceNumber: invoiceNumberSchema,
    amountCents: positiveCentsSchema('Refund'),
    reason: multiLineText('Reason', 500),
  }),
);
export type RefundPaymentInput = z.input<typeof refundPaymentInputSchema>;

export const refundPaymentOutputSchema = lazySchema(() =>
  z.object({ refund: paymentRefundSchema, invoice: invoiceSchema }),
);
export type RefundPaymentOutput = z.infer<typeof refundPaymentOutputSchema>;
