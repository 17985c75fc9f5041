import { daysOverdue } from '../../../../../core/rules/invoice-balance';
import type { InvoiceStatus } from '../../../../../core/schemas/invoices';

/** How the invoice screens word dates and statuses (one place, so the lists, the detail and the lab agree). */

/** An ISO instant (issuedAt) as a date in the reader's time zone. */
export const issuedText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** A calendar day (YYYY-MM-DD, a due date) as written, whatever the reader's time zone. */
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** "Overdue", "Overdue 1 day", "Overdue 12 days": the word carries the meaning, the colour only repeats it. */
export function overdueText(invoice: { dueDate: string; status: InvoiceStatus }, now = new Date()): string {
  const days = daysOverdue(invoice, now);
  if (days <= 0) return 'Overdue';
  return `Overdue ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const STATUS_TONES: Record<InvoiceStatus, 'info' | 'warning' | 'success' | 'neutral'> = {
  open: 'info',
  'partially-paid': 'warning',
  paid: 'success',
  void: 'neutral',
};
