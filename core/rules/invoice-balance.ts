import type { Invoice, InvoiceStatus } from '../schemas/invoices';
import { groupDigits } from '../group-digits';

/**
 * The money rules of an invoice, pure so the Pay Online page and the server agree to the cent.
 * Balance = total - paid - credited; it never goes below zero (an overpayment becomes account credit).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type InvoiceAmounts = Pick<Invoice, 'totalCents' | 'paidCents' | 'creditedCents'>;

export function balanceOf(invoice: InvoiceAmounts): number {
  return invoice.totalCents - invoice.paidCents - invoice.creditedCents;
}

/** The status that follows from the amounts (void is set by the lab and never left). */
export function statusOf(invoice: InvoiceAmounts & { status?: InvoiceStatus }): InvoiceStatus {
  if (invoice.status === 'void') return 'void';
  const balance = balanceOf(invoice);
  if (balance <= 0) return 'paid';
  return invoice.paidCents + invoice.creditedCents > 0 ? 'partially-paid' : 'open';
}

/** Open or partially paid: money can still be applied. */
export const isPayable = (status: InvoiceStatus) => status === 'open' || status === 'partially-paid';

/** Past its due day (the whole due day counts as on time, in UTC) with money still owed. */
export function isOverdue(invoice: Pick<Invoice, 'dueDate' | 'status'>, now: Date): boolean {
  if (!isPayable(invoice.status)) return false;
  return now.getTime() >= Date.parse(`${invoice.dueDate}T00:00:00Z`) + DAY_MS;
}

/** The due day: the issue day plus the practice's net terms. */
export function dueDateOf(issuedOn: string, termsDays: number): string {
  return new Date(Date.parse(`${issuedOn.slice(0, 10)}T00:00:00Z`) + termsDays * DAY_MS).toISOString().slice(0, 10);
}

/** Days past due (0 when not overdue). */
export function daysOverdue(invoice: Pick<Invoice, 'dueDate' | 'status'>, now: Date): number {
  if (!isOverdue(invoice, now)) return 0;
  return Math.floor((now.getTime() - Date.parse(`${invoice.dueDate}T00:00:00Z`)) / DAY_MS);
}

export interface AppliedAmount {
  /** What the invoice takes (never more than its balance). */
  appliedCents: number;
  /** What is left over (becomes account credit when it was card money). */
  excessCents: number;
}

/** Applies an amount to an invoice's balance as it is now. */
export function applyToBalance(
  invoice: InvoiceAmounts & { status: InvoiceStatus },
  amountCents: number,
): AppliedAmount {
  const balance = isPayable(invoice.status) ? Math.max(0, balanceOf(invoice)) : 0;
  const appliedCents = Math.min(balance, Math.max(0, amountCents));
  return { appliedCents, excessCents: amountCents - appliedCents };
}

/**
 * Splits the credit a payer chose to apply over the invoices in the order they were listed: each invoice
 * takes credit up to the amount the payer is paying on it. Answers the credit per invoice (same order).
 */
export function splitCredit(amounts: readonly number[], availableCents: number): number[] {
  let left = Math.max(0, availableCents);
  return amounts.map((amount) => {
    const take = Math.min(left, amount);
    left -= take;
    return take;
  });
}

/** Formats cents as dollars for emails, PDFs and CSV ("$1,234.50"; "-$3.00"). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = groupDigits(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses what a person types as dollars ("12", "12.5", "1,234.56", "$3") into cents; null when it is not money. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
