import { describeError } from '../../../core/describe-error';
import { dayFromNumber, dayNumber } from '../../../core/rules/calendar-days';
import { reminderDayDue, reminderMarkKey } from '../../../core/rules/payment-reminders';
import type { BillingSettings } from '../../../core/schemas/billing-settings';
import type { Invoice, InvoiceStatus } from '../../../core/schemas/invoices';
import { daysOverdue } from '../../../core/rules/invoice-balance';
import type { Clock } from '../../kernel/clock';
import type { CustomersRepository } from '../../ports/customers-repository';
import { placeHold } from './credit-hold';
import type { Logger } from '../../ports/logger';
import { moneyNotice } from '../../ports/money-notifier';
import type { MoneyStore } from '../../ports/money-store';
import type { PaymentReminderMarks } from '../../ports/payment-reminder-marks';
import type { VersionedSettingsStore } from '../../ports/versioned-settings';

/**
 * The daily payment reminders (docs/decisions/0110-payment-reminders-and-the-finance-charge.md): every open or
 * partly paid invoice that reached one of the lab's reminder days gets that reminder once, emailed to the
 * account's users and billing contacts. "Once" is a conditional put per invoice and day in one transaction with
 * the email and a check that the invoice is still as read and still owes: a re-run, two runs at once or a payment
 * recorded meanwhile never sends a reminder twice or after payment.
 */

const PAGE = 100;
/** Unpaid invoices stay at their last reminder day, so the mark must outlive any invoice still owed. */
const MARK_KEPT_DAYS = 3_650;
const OWED: readonly InvoiceStatus[] = ['open', 'partially-paid'];

export interface PaymentRemindersDeps {
  money: Pick<MoneyStore, 'listInvoices' | 'getInvoices'>;
  /** The automatic credit hold: the practice's record, held on its version. */
  customers: Pick<CustomersRepository, 'get' | 'update'>;
  settings: Pick<VersionedSettingsStore<BillingSettings>, 'get'>;
  marks: PaymentReminderMarks;
  log: Pick<Logger, 'info' | 'warn'>;
  now: Clock['now'];
}

export interface PaymentRemindersReport {
  /** Open and partly paid invoices read. */
  invoices: number;
  /** Reminders stored by this run. */
  sent: number;
  /** Reminders an earlier (or concurrent) run stored. */
  alreadySent: number;
  /** Invoices paid, credited or voided between the read and the write: no reminder. */
  changed: number;
  /** Reminders left for the next run because a read or write failed. */
  failed: number;
  /** Accounts this run put on credit hold (the lab's automatic hold days). */
  held: number;
}

/** Every owed invoice, page by page (the byStatus index; each is read again consistently before it is reminded). */
async function* owedInvoices(deps: PaymentRemindersDeps): AsyncGenerator<Invoice[]> {
  for (const status of OWED) {
    let cursor: string | undefined;
    do {
      const page = await deps.money.listInvoices({ status, limit: PAGE, cursor });
      yield page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}

export async function sendPaymentReminders(deps: PaymentRemindersDeps): Promise<PaymentRemindersReport> {
  const report: PaymentRemindersReport = { invoices: 0, sent: 0, alreadySent: 0, changed: 0, failed: 0, held: 0 };
  const { reminderDays, autoHoldDaysPastDue } = await deps.settings.get();
  const now = deps.now();
  const today = now.toISOString().slice(0, 10);
  /** Accounts with an invoice at the lab's automatic hold days, and the days of their oldest. */
  const toHold = new Map<string, number>();

  for await (const page of owedInvoices(deps)) {
    report.invoices += page.length;
    if (autoHoldDaysPastDue !== null)
      for (const invoice of page) {
        const days = daysOverdue(invoice, now);
        if (days >= autoHoldDaysPastDue && days > (toHold.get(invoice.accountNumber) ?? 0))
          toHold.set(invoice.accountNumber, days);
      }
    const candidates = page.filter((invoice) => reminderDayDue(invoice, reminderDays, today) !== null);
    if (candidates.length === 0 || reminderDays.length === 0) continue;
    let fresh: Invoice[];
    try {
      fresh = await deps.money.getInvoices(candidates.map((invoice) => invoice.invoiceNumber));
    } catch (error) {
      deps.log.warn('payment reminders: invoices unavailable, left for the next run', { error: describeError(error) });
      report.failed += candidates.length;
      continue;
    }
    for (const invoice of fresh) {
      const day = reminderDayDue(invoice, reminderDays, today);
      if (day === null) continue;
      const mark = {
        key: reminderMarkKey(invoice.invoiceNumber, day),
        expiresAt: new Date(`${dayFromNumber(dayNumber(invoice.dueDate) + day + MARK_KEPT_DAYS)}T00:00:00Z`),
      };
      // `to: []`: the account's users; the notifier adds the billing contacts when it sends.
      const notice = moneyNotice(deps, { kind: 'payment-reminder', invoice, day, to: [] });
      try {
        const outcome = await deps.marks.markReminder(mark, notice, invoice);
        if (outcome === 'marked') report.sent++;
        else if (outcome === 'taken') report.alreadySent++;
        else report.changed++;
      } catch (error) {
        deps.log.warn('payment reminders: marking failed, left for the next run', {
          invoiceNumber: invoice.invoiceNumber,
          error: describeError(error),
        });
        report.failed++;
      }
    }
  }
  for (const [accountNumber, days] of toHold) {
    try {
      if (await holdAutomatically(accountNumber, days, deps)) report.held++;
    } catch (error) {
      deps.log.warn('payment reminders: automatic hold failed, tried again next run', {
        accountNumber,
        error: describeError(error),
      });
    }
  }
  deps.log.info('payment reminders done', { ...report });
  return report;
}

/** Holds an account not on hold yet; false when it already is (a release by hand stands until the next run). */
async function holdAutomatically(accountNumber: string, days: number, deps: PaymentRemindersDeps): Promise<boolean> {
  const practice = await deps.customers.get(accountNumber);
  if (!practice || practice.creditHold) return false;
  const hold = {
    since: deps.now().toISOString(),
    reason: `An invoice is ${days} days past due. Pay the overdue invoices on Pay Online and the lab releases the hold.`,
    by: 'auto',
    automatic: true,
  };
  await placeHold(accountNumber, hold, practice.version, deps);
  return true;
}
