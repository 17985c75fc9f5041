import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { accountNumberSchema } from './account-number';
import { AUTOPAY_FIRST_DAY, AUTOPAY_LAST_DAY } from '../rules/autopay-days';
import { GATEWAY_KINDS, paymentStatusSchema } from './payments';

/**
 * Cards on file and autopay (docs/decisions/0106-cards-on-file.md, 0107-autopay.md). A card is saved at the card
 * gateway (a Stripe SetupIntent on the account's Stripe Customer); the portal keeps only the gateway's ids and what
 * the payer reads (brand, last four, expiry), never a card number.
 */

/** The gateway's id of a saved card (Stripe `pm_...`); letters, digits and underscores. */
export const paymentMethodIdSchema = lazySchema(() =>
  z.string({ error: 'Card id is required' }).check(z.regex(/^[A-Za-z0-9_]{3,100}$/, 'Not a valid card id')),
);
/** The gateway's id of a card being saved (Stripe `seti_...`). */
export const setupIntentIdSchema = lazySchema(() =>
  z.string({ error: 'Setup id is required' }).check(z.regex(/^[A-Za-z0-9_]{3,100}$/, 'Not a valid setup id')),
);

export const savedCardSchema = lazySchema(() =>
  z.object({
    paymentMethodId: z.string(),
    /** The network, as the gateway names it: visa, mastercard, amex, discover... */
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().check(z.int()),
    expYear: z.number().check(z.int()),
    addedAt: z.string(),
  }),
);
export type SavedCard = z.infer<typeof savedCardSchema>;

/** Who turned autopay on: the payer whose receipts and bank authentication requests autopay emails. */
export const autopayPayerSchema = lazySchema(() =>
  z.object({ userId: z.string(), name: z.string(), email: z.string() }),
);

export const autopaySettingsSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    dayOfMonth: z.number().check(z.int(), z.gte(AUTOPAY_FIRST_DAY), z.lte(AUTOPAY_LAST_DAY)),
    /** Apply the account's lens credit first; the card pays the rest. */
    applyCredit: z.boolean(),
    payer: autopayPayerSchema,
    changedAt: z.string(),
  }),
);
export type AutopaySettings = z.infer<typeof autopaySettingsSchema>;

/** An account's cards and autopay choice as stored (table `billingProfiles`, pk accountNumber). */
export const billingProfileSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    gateway: z.enum(GATEWAY_KINDS),
    /** The gateway's customer of this account (Stripe `cus_...`): every card of the account is saved on it. */
    customerId: z.string(),
    cards: z.array(savedCardSchema),
    defaultPaymentMethodId: z.optional(z.string()),
    autopay: z.optional(autopaySettingsSchema),
    version: z.number().check(z.int(), z.nonnegative()),
  }),
);
export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const accountInputSchema = lazySchema(() => z.strictObject({ accountNumber: accountNumberSchema }));

export const finishCardSetupInputSchema = lazySchema(() =>
  z.strictObject({ accountNumber: accountNumberSchema, setupIntentId: setupIntentIdSchema }),
);

export const cardInputSchema = lazySchema(() =>
  z.strictObject({ accountNumber: accountNumberSchema, paymentMethodId: paymentMethodIdSchema }),
);

export const setAutopayInputSchema = lazySchema(() =>
  z.strictObject({
    accountNumber: accountNumberSchema,
    enabled: z.boolean({ error: 'Say whether autopay is on' }),
    dayOfMonth: z
      .number({ error: 'Choose the day of the month' })
      .check(
        z.int('Choose a whole day of the month'),
        z.gte(AUTOPAY_FIRST_DAY, `Choose a day from ${AUTOPAY_FIRST_DAY} to ${AUTOPAY_LAST_DAY}`),
        z.lte(AUTOPAY_LAST_DAY, `Choose a day from ${AUTOPAY_FIRST_DAY} to ${AUTOPAY_LAST_DAY}`),
      ),
    applyCredit: z._default(z.boolean(), false),
  }),
);
export type SetAutopayInput = z.input<typeof setAutopayInputSchema>;

/** What the browser needs to give a card to the gateway for saving (never the card itself). */
export const cardSetupSchema = lazySchema(() =>
  z.object({
    setupIntentId: z.string(),
    gateway: z.enum(GATEWAY_KINDS),
    clientSecret: z.string(),
    publishableKey: z.optional(z.string()),
  }),
);
export type CardSetup = z.infer<typeof cardSetupSchema>;

/** The state of one month's autopay charge as the practice reads it. */
export const autopayRunViewSchema = lazySchema(() =>
  z.object({
    paymentId: z.string(),
    month: z.string(),
    totalCents: z.number().check(z.int()),
    invoiceNumbers: z.array(z.string()),
    status: paymentStatusSchema,
    attempts: z.number().check(z.int()),
    nextAttemptOn: z.optional(z.string()),
    /** The bank asks the payer to authenticate this charge in the portal. */
    needsAuthentication: z.boolean(),
    failureMessage: z.optional(z.string()),
    receiptNumber: z.string(),
  }),
);
export type AutopayRunView = z.infer<typeof autopayRunViewSchema>;

/** Cards & autopay tab: the account's cards, its autopay choice and the latest month's charge. */
export const billingViewSchema = lazySchema(() =>
  z.object({
    accountNumber: z.string(),
    cards: z.array(z.extend(savedCardSchema, { isDefault: z.boolean() })),
    autopay: z.nullable(
      z.object({
        enabled: z.boolean(),
        dayOfMonth: z.number().check(z.int()),
        applyCredit: z.boolean(),
        payerName: z.string(),
      }),
    ),
    lastRun: z.nullable(autopayRunViewSchema),
  }),
);
export type BillingView = z.infer<typeof billingViewSchema>;
