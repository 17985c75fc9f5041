import type { Invoice } from '../schemas/invoices';
import { dayNumber } from './calendar-days';
import { isPayable } from './invoice-balance';

/**
 * Payment reminders (docs/decisions/0110-payment-reminders-and-the-finance-charge.md): the lab lists the days
 * from an invoice's due date a reminder goes out (-7, 0, 7, 30 by default). Days are UTC calendar days, as
 * `isOverdue` counts them.
 */

/** The reminder day an invoice is at on `today`: the latest listed day reached, or null (none yet, or nothing owed). */
export function reminderDayDue(
  invoice: Pick<Invoice, 'dueDate' | 'status' | 'balanceCents'>,
  reminderDays: readonly number[],
  today: string,
): number | null {
  if (!isPayable(invoice.status) || invoice.balanceCents <= 0) return null;
  const sinceDue = dayNumber(today) - dayNumber(invoice.dueDate);
  const reached = reminderDays.filter((day) => day <= sinceDue);
  // Only the latest reached: a day the job missed, or a list the lab just changed, never sends a burst of the
  // earlier reminders at once.
  return reached.length > 0 ? Math.max(...reached) : null;
}

/** The once-mark of one reminder: each invoice gets each reminder day at most once. */
export const reminderMarkKey = (invoiceNumber: string, day: number) => `payment-reminder#${invoiceNumber}#${day}`;

/** How a reminder names its day to people: "due in 7 days", "due today", "7 days past due". */
export function reminderWhen(day: number): string {
  if (day === 0) return 'due today';
  const days = Math.abs(day) === 1 ? '1 day' : `${Math.abs(day)} days`;
  return day < 0 ? `due in ${days}` : `${days} past due`;
}
