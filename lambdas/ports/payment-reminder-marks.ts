import type { Invoice } from '../../core/schemas/invoices';
import type { OutboxMessage } from '../kernel/outbox';
import type { OnceMark } from './once-marks';

/** What placing a reminder's mark came to: placed with its email, placed before, or the invoice moved on. */
export type ReminderMarking = 'marked' | 'taken' | 'changed';

/**
 * A payment reminder's once-mark and its email, stored only while the invoice is as the job read it
 * (docs/decisions/0110-payment-reminders-and-the-finance-charge.md): one transaction with a check of the
 * invoice's version and balance, so a payment, a credit or a void recorded after the read means no reminder.
 */
export interface PaymentReminderMarks {
  markReminder(
    mark: OnceMark,
    notice: OutboxMessage,
    invoice: Pick<Invoice, 'invoiceNumber' | 'version'>,
  ): Promise<ReminderMarking>;
}
