import { formatCents } from '../../../lib/money-text';
import type { CreditEntry, WarrantyLens } from '../../../../../core/schemas/credit';

/** How the Lens Credit screens word amounts, days and entries (one place, so the tables and dialogs agree). */

export const dateOnly = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** "9 days left", "1 day left", "Last day" (0: the window ends today). */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'Last day';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** "1 of 2" used, or "Unlimited" (with how many were used, when any). */
export function exchangesText(lens: Pick<WarrantyLens, 'exchangesUsed' | 'exchangesAllowed'>): string {
  if (lens.exchangesAllowed === null)
    return lens.exchangesUsed > 0 ? `Unlimited (${lens.exchangesUsed} used)` : 'Unlimited';
  return `${lens.exchangesUsed} of ${lens.exchangesAllowed}`;
}

export const noExchangesLeft = (lens: Pick<WarrantyLens, 'exchangesUsed' | 'exchangesAllowed'>) =>
  lens.exchangesAllowed !== null && lens.exchangesUsed >= lens.exchangesAllowed;

export const feeText = (cents: number) => (cents > 0 ? formatCents(cents) : 'No fee');

type LedgerEntry = Omit<CreditEntry, 'by'>;

/** A grant adds to the balance; applying to an invoice and reversing a grant take from it. */
export const signedCents = (entry: Pick<LedgerEntry, 'kind' | 'amountCents'>) =>
  entry.kind === 'grant' ? entry.amountCents : -entry.amountCents;

/** "+$12.00" / "-$12.00": the sign is text, not only colour. */
export function signedAmount(entry: Pick<LedgerEntry, 'kind' | 'amountCents'>): string {
  const cents = signedCents(entry);
  return cents >= 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

const KIND_TEXT: Record<LedgerEntry['kind'], string> = {
  grant: 'Credit added',
  apply: 'Credit used',
  reverse: 'Credit taken back',
};

/** What happened, in a few words: "Credit added", "Credit used on invoice INV-7". */
export function entryWhat(entry: LedgerEntry): string {
  if (entry.kind === 'apply' && entry.invoiceNumber) return `Credit used on invoice ${entry.invoiceNumber}`;
  return KIND_TEXT[entry.kind];
}
