import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { invoiceNumberSchema } from './invoices';
import { clientIdSchema, positiveCentsSchema } from './money';

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
    /** Set on autopay's charges only. */
    autopay: z.optional(autopayChargeSchema),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

/** What the payer's browser gets back: the payment and, while a card is still needed, how to confirm it. */
export const paymentViewSchema = lazySchema(() =>
  z.extend(z.omit(paymentSchema, { payer: true }), {
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
