import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import { versionSchema } from './bounds';

/**
 * The lab's billing settings (referenceData list `money`, id `billing`; super admins edit them): when payment
 * reminders go out, the optional finance charge and the automatic credit hold
 * (docs/decisions/0110-payment-reminders-and-the-finance-charge.md, 0111-credit-hold.md).
 */
export const REMINDER_DAY_LIMITS = { min: -60, max: 365, count: 8 } as const;
/** A monthly rate of at most 25.00% (2,500 basis points): far above any legal cap, far below float trouble. */
export const MAX_FINANCE_RATE_BASIS_POINTS = 2_500;

export const BILLING_SETTINGS_MESSAGES = {
  reminderDay: `Each reminder day is a whole number from ${REMINDER_DAY_LIMITS.min} to ${REMINDER_DAY_LIMITS.max}`,
  tooManyReminders: `At most ${REMINDER_DAY_LIMITS.count} reminders`,
  reminderTwice: 'A reminder day is listed twice',
  rate: `The rate is whole basis points from 0 to ${MAX_FINANCE_RATE_BASIS_POINTS} (25.00% a month)`,
  grace: 'The grace period is a whole number of days from 0 to 365',
  holdDays: 'Automatic hold is a whole number of days past due from 1 to 365, or off',
} as const;

const reminderDaysSchema = lazySchema(() =>
  z
    .array(
      z
        .number({ error: BILLING_SETTINGS_MESSAGES.reminderDay })
        .check(
          z.int(BILLING_SETTINGS_MESSAGES.reminderDay),
          z.gte(REMINDER_DAY_LIMITS.min, BILLING_SETTINGS_MESSAGES.reminderDay),
          z.lte(REMINDER_DAY_LIMITS.max, BILLING_SETTINGS_MESSAGES.reminderDay),
        ),
    )
    .check(
      z.maxLength(REMINDER_DAY_LIMITS.count, BILLING_SETTINGS_MESSAGES.tooManyReminders),
      z.refine((days) => new Set(days).size === days.length, BILLING_SETTINGS_MESSAGES.reminderTwice),
    ),
);

const financeChargeSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    /** Per month, in basis points of the past-due balance (150 = 1.50%). */
    monthlyRateBasisPoints: z
      .number({ error: BILLING_SETTINGS_MESSAGES.rate })
      .check(
        z.int(BILLING_SETTINGS_MESSAGES.rate),
        z.gte(0, BILLING_SETTINGS_MESSAGES.rate),
        z.lte(MAX_FINANCE_RATE_BASIS_POINTS, BILLING_SETTINGS_MESSAGES.rate),
      ),
    /** Days past the due date before an invoice's balance is charged. */
    graceDays: z
      .number({ error: BILLING_SETTINGS_MESSAGES.grace })
      .check(
        z.int(BILLING_SETTINGS_MESSAGES.grace),
        z.gte(0, BILLING_SETTINGS_MESSAGES.grace),
        z.lte(365, BILLING_SETTINGS_MESSAGES.grace),
      ),
  }),
);

const billingFields = () => ({
  /** Days from the due date each reminder goes out: -7 is a week before, 0 the due day, 30 a month after. */
  reminderDays: reminderDaysSchema,
  financeCharge: financeChargeSchema,
  /** An account goes on credit hold by itself when an invoice is this many days past due; null: only by hand. */
  autoHoldDaysPastDue: z.nullable(
    z
      .number({ error: BILLING_SETTINGS_MESSAGES.holdDays })
      .check(
        z.int(BILLING_SETTINGS_MESSAGES.holdDays),
        z.gte(1, BILLING_SETTINGS_MESSAGES.holdDays),
        z.lte(365, BILLING_SETTINGS_MESSAGES.holdDays),
      ),
  ),
});

export const billingSettingsSchema = lazySchema(() =>
  z.object({ ...billingFields(), version: z.number().check(z.int(), z.nonnegative()) }),
);
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** The old portal's reminders; no finance charge and no automatic hold until the lab turns them on. */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  reminderDays: [-7, 0, 7, 30],
  financeCharge: { enabled: false, monthlyRateBasisPoints: 150, graceDays: 30 },
  autoHoldDaysPastDue: null,
  version: 0,
};

/** `updateBillingSettings` (super admins): every setting, on the version read. */
export const updateBillingSettingsInputSchema = lazySchema(() =>
  z.strictObject({ ...billingFields(), version: versionSchema }),
);
export type UpdateBillingSettingsInput = z.input<typeof updateBillingSettingsInputSchema>;
