import { lazySchema } from './lazy-schema';
import * as z from 'zod';
import { accountNumberSchema } from './account-number';
import { invoiceNumberSchema } from './invoice';
import { clientIdSchema, positiveCentsSchema } from './money';

/**
 * Pay Online. The browser makes the payment id before it sends anything, so a double click, a retry
 * or a refresh during payment names the same payment and the server charges it once.
 */
export const paymentIdSchema = lazySchema(() => clientIdSchema('Payment id'));

/** At most this many invoices in one payment: the settlement is one DynamoDB transaction (100 items). */
export const MAX_INVOICES_PER_PAYMENT = 25;

export const paymentAllocationSchema = lazySchema(() =>
  z.object({ invoiceNumber: invoiceNumberSchema, amountCents: positiveCentsSchema('Amount to pay') }).strict(),
);
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const startPaymentInputSchema = lazySchema(() =>
  z
    .object({
      paymentId: paymentIdSchema,
      accountNumber: accountNumberSchema,
      allocations: z
        .array(paymentAllocationSchema)
        .min(1, 'Choose at least one invoice to pay')
        .max(MAX_INVOICES_PER_PAYMENT, `Pay at most ${MAX_INVOICES_PER_PAYMENT} invoices at once`)
        .refine(
          (as) => new Set(as.map((a) => a.invoiceNumber.toUpperCase())).size === as.length,
          'An invoice is listed twice',
        ),
      /** Apply the account's available lens credit first; the card pays the rest. */
      applyCredit: z.boolean().default(false),
    })
    .strict(),
);
export type StartPaymentInput = z.input<typeof startPaymentInputSchema>;

export const paymentIdInputSchema = lazySchema(() => z.object({ paymentId: paymentIdSchema }).strict());

export const PAYMENT_STATUSES = ['awaiting-card', 'succeeded', 'failed'] as const;
export const paymentStatusSchema = lazySchema(() => z.enum(PAYMENT_STATUSES));
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const GATEWAY_KINDS = ['fake', 'stripe'] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];

/** A payment as stored (table `payments`, pk paymentId). */
export const paymentSchema = lazySchema(() =>
  z.object({
    paymentId: z.string(),
    accountNumber: z.string(),
    payer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    allocations: z.array(z.object({ invoiceNumber: z.string(), amountCents: z.number().int() })),
    /** What the payer chose to pay in all; credit first, the card the rest. */
    totalCents: z.number().int(),
    creditCents: z.number().int(),
    cardCents: z.number().int(),
    status: paymentStatusSchema,
    gateway: z.enum(GATEWAY_KINDS).optional(),
    /** The gateway's payment (a Stripe PaymentIntent id); absent when credit paid everything. */
    intentId: z.string().optional(),
    /** Lets the payer's browser confirm the card with the gateway; never logged. */
    clientSecret: z.string().optional(),
    /** The gateway's reason, shown to the payer, when the card was declined. */
    failureMessage: z.string().optional(),
    /** Card amount that exceeded the invoices' balances at settlement and became account credit. */
    overpaidCents: z.number().int().default(0),
    receiptNumber: z.string(),
    createdAt: z.string(),
    settledAt: z.string().optional(),
    version: z.number().int().nonnegative(),
  }),
);
export type Payment = z.infer<typeof paymentSchema>;

/** What the payer's browser gets back: the payment and, while a card is still needed, how to confirm it. */
export const paymentViewSchema = lazySchema(() =>
  paymentSchema.omit({ payer: true }).extend({
    /** Set while status is awaiting-card: what the browser needs to take the card. */
    checkout: z
      .object({
        gateway: z.enum(GATEWAY_KINDS),
        clientSecret: z.string(),
        /** Stripe's publishable key (stripe stages only). */
        publishableKey: z.string().optional(),
      })
      .nullable(),
  }),
);
export type PaymentView = z.infer<typeof paymentViewSchema>;
