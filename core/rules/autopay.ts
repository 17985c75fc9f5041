import { dayFromNumber, dayNumber } from './calendar-days';
import { balanceOf, isPayable, type InvoiceAmounts } from './invoice-balance';

/**
 * Autopay's calendar and retry rules (docs/decisions/0107-autopay.md). Pure: the job
 * (lambdas/use-cases/payments/autopay/run-autopay.ts) and the Cards & autopay tab read the same answers.
 */

export { AUTOPAY_FIRST_DAY, AUTOPAY_LAST_DAY } from './autopay-days';

/**
 * After a soft decline the same charge is tried again this many days after the first attempt: three retries over a
 * week, the spacing card networks and Stripe's own dunning use (a paycheck or a limit reset usually lands in it).
 */
export const AUTOPAY_RETRY_AFTER_DAYS = [3, 5, 7] as const;

const LAST_RETRY_AFTER_DAYS = AUTOPAY_RETRY_AFTER_DAYS[AUTOPAY_RETRY_AFTER_DAYS.length - 1]!;

/** Tries of one month's charge in all: the first and its retries. */
export const AUTOPAY_MAX_ATTEMPTS = 1 + AUTOPAY_RETRY_AFTER_DAYS.length;

/**
 * Stripe's decline codes that no retry can turn into a payment: the card is gone, blocked or wrong, or the issuer
 * said never to try again. Every other decline (insufficient funds, the issuer away, a generic decline) is soft and
 * is retried on the schedule above.
 */
export const HARD_DECLINE_CODES: ReadonlySet<string> = new Set([
  'card_not_supported',
  'card_velocity_exceeded',
  'currency_not_supported',
  'do_not_try_again',
  'expired_card',
  'fraudulent',
  'incorrect_number',
  'invalid_account',
  'lost_card',
  'merchant_blacklist',
  'new_account_information_available',
  'pickup_card',
  'restricted_card',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'security_violation',
  'stolen_card',
  'stop_payment_order',
  'transaction_not_allowed',
]);

/** A decline worth another try later; an unknown or missing code is soft (the network gave no reason to stop). */
export const isSoftDecline = (declineCode: string | undefined): boolean =>
  declineCode === undefined || !HARD_DECLINE_CODES.has(declineCode);

/** The month ('YYYY-MM') of a calendar day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The autopay day of a month: '2026-12' and 15 -> '2026-12-15'. */
export const autopayDayIn = (month: string, dayOfMonth: number): string =>
  `${month}-${String(dayOfMonth).padStart(2, '0')}`;

/**
 * Whether this month's charge is due on `today`: on the chosen day or any later day of the same month (a job that
 * did not run on the day catches up the next morning; the payment id keeps it to one charge a month).
 */
export const autopayDue = (today: string, dayOfMonth: number): boolean =>
  today >= autopayDayIn(monthOf(today), dayOfMonth);

/**
 * The day of the next try after `attemptsMade` tries that began on `firstAttemptOn`, or null when the schedule is
 * spent (the charge has failed for good).
 */
export function nextAttemptOn(firstAttemptOn: string, attemptsMade: number): string | null {
  const after = AUTOPAY_RETRY_AFTER_DAYS[attemptsMade - 1];
  if (attemptsMade < 1 || after === undefined) return null;
  return dayFromNumber(dayNumber(firstAttemptOn) + after);
}

/**
 * The last day a bank's authentication request may be answered in the portal: the end of the retry window, so a
 * payer who never comes is treated as a final failure on the same day a declining card would be.
 */
export const authenticationDeadline = (firstAttemptOn: string): string =>
  dayFromNumber(dayNumber(firstAttemptOn) + LAST_RETRY_AFTER_DAYS);

/** What autopay reads of an invoice. */
export interface AutopayInvoice extends InvoiceAmounts {
  invoiceNumber: string;
  status: Parameters<typeof isPayable>[0];
  dueDate: string;
}

/**
 * The invoices one autopay charge pays: open ones with a balance, due on or before `day`, oldest due first, at most
 * `limit` (one payment's transaction bound); later ones wait for next month's charge.
 */
export function invoicesDueBy<T extends AutopayInvoice>(invoices: readonly T[], day: string, limit: number): T[] {
  return invoices
    .filter((invoice) => isPayable(invoice.status) && balanceOf(invoice) > 0 && invoice.dueDate <= day)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber))
    .slice(0, limit);
}
