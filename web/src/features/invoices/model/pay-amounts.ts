import { formatCents, notMoney, parseDollars } from '../../../lib/money-text';
import { MAX_INVOICES_PER_PAYMENT, type PaymentAllocation } from '../../../../../core/schemas/payments';

/**
 * What the payer chose on Pay Online: invoices and the amount typed for each (dollars, as typed, so a
 * half-typed "12." survives re-renders). Pure, so the page and the tests share the rules.
 */
export interface SelectedInvoice {
  invoiceNumber: string;
  accountNumber: string;
  /** The balance when the invoice was last read: the most one payment may put on it. */
  balanceCents: number;
  /** As typed, in dollars. */
  amountText: string;
}

export const NOT_MONEY = notMoney('120.50');
export const ZERO_AMOUNT = 'Enter an amount more than $0.00';
export const overBalance = (balanceCents: number) => `More than the balance of ${formatCents(balanceCents)}`;

/** The amount typed for one invoice in cents, or the message shown beside its field. */
export function checkAmount(text: string, balanceCents: number): { cents: number } | { error: string } {
  const cents = parseDollars(text);
  if (cents === null) return { error: NOT_MONEY };
  if (cents <= 0) return { error: ZERO_AMOUNT };
  if (cents > balanceCents) return { error: overBalance(balanceCents) };
  return { cents };
}

export const MIXED_ACCOUNTS =
  "Pay one account's invoices at a time: the invoices you chose belong to different accounts.";
export const TOO_MANY = `Pay at most ${MAX_INVOICES_PER_PAYMENT} invoices at once.`;

export interface CheckedSelection {
  /** The message beside each invoice's amount field, by invoice number. */
  errors: Record<string, string>;
  /** Sum of the valid amounts. */
  totalCents: number;
  /** Set when the selection can be paid as it is. */
  payable: { accountNumber: string; allocations: PaymentAllocation[] } | null;
  /** Why it cannot be paid, when that is not a field's message. */
  problem: string | null;
}

/** Checks every amount and that the invoices can go into one payment (one account, at most 25). */
export function checkSelection(selected: readonly SelectedInvoice[]): CheckedSelection {
  const errors: Record<string, string> = {};
  const allocations: PaymentAllocation[] = [];
  let totalCents = 0;
  for (const invoice of selected) {
    const checked = checkAmount(invoice.amountText, invoice.balanceCents);
    if ('error' in checked) errors[invoice.invoiceNumber] = checked.error;
    else {
      totalCents += checked.cents;
      allocations.push({ invoiceNumber: invoice.invoiceNumber, amountCents: checked.cents });
    }
  }
  const accounts = new Set(selected.map((invoice) => invoice.accountNumber));
  const problem =
    selected.length === 0
      ? null
      : accounts.size > 1
        ? MIXED_ACCOUNTS
        : selected.length > MAX_INVOICES_PER_PAYMENT
          ? TOO_MANY
          : null;
  const ok = selected.length > 0 && !problem && Object.keys(errors).length === 0;
  return {
    errors,
    totalCents,
    problem,
    payable: ok ? { accountNumber: selected[0]!.accountNumber, allocations } : null,
  };
}
