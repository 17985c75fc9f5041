import { dayFromNumber, dayNumber, localDay } from './calendar-days';
import { isBusinessDay, type ShippingCalendar } from './ship-date';

/**
 * Monthly statements (docs/decisions/0103-monthly-statements.md): what an account owed at the start of a month,
 * every money event of the month, what it owed at the end, and how old that is. Pure, so the job, the PDF, the
 * pages and the property tests read one set of numbers. Every day is a day on the lab's calendar ('YYYY-MM-DD'
 * in the calendar's zone); the balance is what the account owes on its invoices (lens credit not yet applied to
 * an invoice is not money owed, so it is not on the statement).
 *
 * The numbers reconcile to the cent: opening + charges - payments - credits = closing.
 * - charges: invoices issued in the month, refunds (money paid back raises what is owed again), and a positive
 *   prior-period adjustment;
 * - payments: card, check and bank transfer money applied to invoices;
 * - credits: lens credit applied to invoices, voided invoices (a credit line for the invoice's total in the month
 *   it was voided: the charge stays on the statement it was issued on, which never changes), and a negative
 *   prior-period adjustment.
 */

/** A statement month: 'YYYY-MM', its first and last days. */
export interface StatementPeriod {
  month: string;
  from: string;
  to: string;
}

/** The money facts of one invoice a statement reads (the stored invoice has them all). */
export interface StatementInvoiceFacts {
  invoiceNumber: string;
  /** ISO instant. */
  issuedAt: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  totalCents: number;
  /** Money applied, each with its instant; `method` 'credit' is lens credit, any other is a payment. */
  settlements: readonly { at: string; method: string; amountCents: number; reference?: string | undefined }[];
  /** Money paid back on this invoice (none are recorded today: the seam for refunds). */
  refunds?: readonly { at: string; amountCents: number; reference?: string | undefined }[] | undefined;
  /** ISO instant of the void, when voided. */
  voidedAt?: string | undefined;
}

export interface StatementHistory {
  invoices: readonly StatementInvoiceFacts[];
}

import type { StatementLineKind } from './statement-line-kinds';
export const STATEMENT_LINE_LABELS: Record<StatementLineKind, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Lens credit applied',
  refund: 'Refund',
  void: 'Invoice voided',
  adjustment: 'Prior-period adjustment',
};

/** Which total a line counts in. */
export type StatementColumn = 'charges' | 'payments' | 'credits';

export interface StatementLine {
  /** The lab-local day it happened. */
  day: string;
  kind: StatementLineKind;
  /** The invoice it concerns (none for an adjustment). */
  invoiceNumber?: string;
  /** A check number, a bank reference, a payment's id: what the practice matches it with. */
  reference?: string;
  /** Always positive; `column` says which way it moves the balance. */
  amountCents: number;
  column: StatementColumn;
  /** What the account owes after this line. */
  balanceAfterCents: number;
}

export const AGING_BUCKETS = ['current', 'days1To30', 'days31To60', 'days61To90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1To30: '1-30 days',
  days31To60: '31-60 days',
  days61To90: '61-90 days',
  over90: 'Over 90 days',
};
export type Aging = Record<AgingBucket, number>;

export interface StatementNumbers {
  period: StatementPeriod;
  openingCents: number;
  chargesCents: number;
  paymentsCents: number;
  creditsCents: number;
  closingCents: number;
  lines: StatementLine[];
  /** What is owed at the period's end by how far past due each invoice is (sums to the closing balance). */
  aging: Aging;
}

/** The calendar month before the one `day` is in. */
export function previousMonthPeriod(day: string): StatementPeriod {
  const firstOfMonth = dayNumber(`${day.slice(0, 7)}-01`);
  const to = dayFromNumber(firstOfMonth - 1);
  return { month: to.slice(0, 7), from: `${to.slice(0, 7)}-01`, to };
}

/** The period of a month written 'YYYY-MM'; a RangeError for anything else. */
export function periodOfMonth(month: string): StatementPeriod {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  const from = `${month}-01`;
  dayNumber(from);
  return { month, from, to: dayFromNumber(dayNumber(next) - 1) };
}

let peopleMonths: Intl.DateTimeFormat | undefined;

/** A statement month as people read it in an email, a PDF or a page: "November 2026". */
export function monthForPeople(month: string): string {
  peopleMonths ??= new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
  return peopleMonths.format(new Date(`${periodOfMonth(month).from}T00:00:00Z`));
}

/** True on the month's first business day on the lab's calendar: the day statements are issued. */
export function isFirstBusinessDayOfMonth(day: string, calendar: Pick<ShippingCalendar, 'holidays'>): boolean {
  if (!isBusinessDay(day, calendar)) return false;
  const start = dayNumber(`${day.slice(0, 7)}-01`);
  for (let n = start; n < dayNumber(day); n += 1) if (isBusinessDay(dayFromNumber(n), calendar)) return false;
  return true;
}

interface Event {
  day: string;
  /** Orders events of one day: charges first, so a balance never dips below zero within a day. */
  order: number;
  at: string;
  kind: Exclude<StatementLineKind, 'adjustment'>;
  invoiceNumber: string;
  reference?: string | undefined;
  amountCents: number;
  column: StatementColumn;
}

const SIGN: Record<StatementColumn, number> = { charges: 1, payments: -1, credits: -1 };
const ORDER: Record<Event['kind'], number> = { invoice: 0, refund: 1, payment: 2, credit: 3, void: 4 };

function eventsOf(history: StatementHistory, timeZone: string): Event[] {
  const events: Event[] = [];
  const dayOf = (at: string) => localDay(new Date(at), timeZone);
  const push = (e: Omit<Event, 'day' | 'order'>) => events.push({ ...e, day: dayOf(e.at), order: ORDER[e.kind] });
  for (const invoice of history.invoices) {
    const base = { invoiceNumber: invoice.invoiceNumber };
    push({ ...base, at: invoice.issuedAt, kind: 'invoice', amountCents: invoice.totalCents, column: 'charges' });
    for (const s of invoice.settlements) {
      const credit = s.method === 'credit';
      push({
        ...base,
        at: s.at,
        kind: credit ? 'credit' : 'payment',
        reference: s.reference,
        amountCents: s.amountCents,
        column: credit ? 'credits' : 'payments',
      });
    }
    for (const r of invoice.refunds ?? [])
      push({
        ...base,
        at: r.at,
        kind: 'refund',
        reference: r.reference,
        amountCents: r.amountCents,
        column: 'charges',
      });
    if (invoice.voidedAt) {
      // A void takes back what was still owed on the invoice (the lab voids only invoices nothing was applied to).
      const owed = invoiceBalanceBefore(invoice, invoice.voidedAt);
      push({ ...base, at: invoice.voidedAt, kind: 'void', amountCents: owed, column: 'credits' });
    }
  }
  return events.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.order - b.order ||
      a.at.localeCompare(b.at) ||
      a.invoiceNumber.localeCompare(b.invoiceNumber),
  );
}

/** What was owed on an invoice just before an instant (its void). */
function invoiceBalanceBefore(invoice: StatementInvoiceFacts, at: string): number {
  const applied = invoice.settlements.filter((s) => s.at <= at).reduce((sum, s) => sum + s.amountCents, 0);
  const refunded = (invoice.refunds ?? []).filter((r) => r.at <= at).reduce((sum, r) => sum + r.amountCents, 0);
  return invoice.totalCents - applied + refunded;
}

const signed = (e: { column: StatementColumn; amountCents: number }) => SIGN[e.column] * e.amountCents;

/** What the account owed at the end of `day` (the sum of its invoices' balances then). */
export function balanceAtEndOf(history: StatementHistory, day: string, timeZone: string): number {
  return eventsOf(history, timeZone)
    .filter((e) => e.day <= day)
    .reduce((sum, e) => sum + signed(e), 0);
}

/** What each invoice owed at the end of `day`, by invoice number (voided and fully paid ones left out). */
function invoiceBalancesAt(history: StatementHistory, day: string, timeZone: string): Map<string, number> {
  const owed = new Map<string, number>();
  for (const e of eventsOf(history, timeZone)) {
    if (e.day > day) continue;
    owed.set(e.invoiceNumber, (owed.get(e.invoiceNumber) ?? 0) + signed(e));
  }
  for (const [key, cents] of owed) if (cents === 0) owed.delete(key);
  return owed;
}

/** The aging bucket of an invoice due on `dueDate`, as of the end of `day` (the due day itself is on time). */
export function agingBucketOf(dueDate: string, day: string): AgingBucket {
  const late = dayNumber(day) - dayNumber(dueDate);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1To30';
  if (late <= 60) return 'days31To60';
  if (late <= 90) return 'days61To90';
  return 'over90';
}

/**
 * The statement of one account for one period. `previousClosingCents` is the closing balance of the account's
 * previous statement: the opening balance, so consecutive statements chain. When the history says the account
 * owed something else at the period's start (an invoice or a check recorded with a date in an earlier,
 * already-stated month), the difference is one prior-period adjustment line on the period's first day, so the
 * statement still reconciles and closes at what is really owed. Without a previous statement the opening balance
 * comes from the history.
 */
export function buildStatement(
  history: StatementHistory,
  period: StatementPeriod,
  options: { timeZone: string; previousClosingCents?: number | undefined },
): StatementNumbers {
  const dayBefore = dayFromNumber(dayNumber(period.from) - 1);
  const owedAtStart = balanceAtEndOf(history, dayBefore, options.timeZone);
  const openingCents = options.previousClosingCents ?? owedAtStart;
  const lines: StatementLine[] = [];
  let balance = openingCents;
  const totals = { charges: 0, payments: 0, credits: 0 };
  const add = (line: Omit<StatementLine, 'balanceAfterCents'>) => {
    balance += signed(line);
    totals[line.column] += line.amountCents;
    lines.push({ ...line, balanceAfterCents: balance });
  };
  const adjustment = owedAtStart - openingCents;
  if (adjustment !== 0)
    add({
      day: period.from,
      kind: 'adjustment',
      amountCents: Math.abs(adjustment),
      column: adjustment > 0 ? 'charges' : 'credits',
    });
  for (const e of eventsOf(history, options.timeZone)) {
    if (e.day < period.from || e.day > period.to || e.amountCents === 0) continue;
    add({
      day: e.day,
      kind: e.kind,
      invoiceNumber: e.invoiceNumber,
      ...(e.reference ? { reference: e.reference } : {}),
      amountCents: e.amountCents,
      column: e.column,
    });
  }
  const aging: Aging = { current: 0, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 };
  const dueDates = new Map(history.invoices.map((i) => [i.invoiceNumber, i.dueDate]));
  for (const [invoiceNumber, owed] of invoiceBalancesAt(history, period.to, options.timeZone))
    aging[agingBucketOf(dueDates.get(invoiceNumber) ?? period.to, period.to)] += owed;
  return {
    period,
    openingCents,
    chargesCents: totals.charges,
    paymentsCents: totals.payments,
    creditsCents: totals.credits,
    closingCents: balance,
    lines,
    aging,
  };
}

/** An account gets a statement for a period when money moved in it or it still owes something at its end. */
export function hasActivity(statement: Pick<StatementNumbers, 'lines' | 'closingCents' | 'openingCents'>): boolean {
  return statement.lines.length > 0 || statement.closingCents !== 0 || statement.openingCents !== 0;
}
