import { useState } from 'react';
import { isPayable } from '../../../../../core/rules/invoice-balance';
import type { InvoiceSummary } from '../../../../../core/schemas/invoices';
import { MAX_INVOICES_PER_PAYMENT } from '../../../../../core/schemas/payments';
import { dollarsText } from '../../../lib/money-text';
import { checkSelection, type SelectedInvoice } from '../model/pay-amounts';

/**
 * The chosen invoices after a fresh read of `items`: a changed balance resets that invoice's amount to the new
 * balance, an invoice no longer payable leaves the choice; invoices not in `items` stay as they were.
 */
export function followBalances(chosen: SelectedInvoice[], items: readonly InvoiceSummary[]): SelectedInvoice[] {
  let changed = false;
  const next = chosen.flatMap((invoice) => {
    const fresh = items.find((item) => item.invoiceNumber === invoice.invoiceNumber);
    if (!fresh || fresh.balanceCents === invoice.balanceCents) return [invoice];
    changed = true;
    if (!isPayable(fresh.status) || fresh.balanceCents <= 0) return [];
    return [{ ...invoice, balanceCents: fresh.balanceCents, amountText: dollarsText(fresh.balanceCents) }];
  });
  return changed ? next : chosen;
}

export type PaySelection = ReturnType<typeof usePaySelection>;

/** What the payer chose on Pay Online, the amount on each, and the checks of both (model/pay-amounts.ts). */
export function usePaySelection() {
  const [selected, setSelected] = useState<SelectedInvoice[]>([]);

  function choose(invoice: Pick<InvoiceSummary, 'invoiceNumber' | 'accountNumber' | 'balanceCents'>, on: boolean) {
    setSelected((current) =>
      on
        ? current.some((s) => s.invoiceNumber === invoice.invoiceNumber)
          ? current
          : [
              ...current,
              {
                invoiceNumber: invoice.invoiceNumber,
                accountNumber: invoice.accountNumber,
                balanceCents: invoice.balanceCents,
                amountText: dollarsText(invoice.balanceCents),
              },
            ]
        : current.filter((s) => s.invoiceNumber !== invoice.invoiceNumber),
    );
  }

  const setAmount = (invoiceNumber: string, amountText: string) =>
    setSelected((current) => current.map((s) => (s.invoiceNumber === invoiceNumber ? { ...s, amountText } : s)));

  return {
    selected,
    checked: checkSelection(selected),
    full: selected.length >= MAX_INVOICES_PER_PAYMENT,
    isChosen: (invoiceNumber: string) => selected.some((s) => s.invoiceNumber === invoiceNumber),
    choose,
    setAmount,
    clear: () => setSelected([]),
    /** Balances move (a payment, the lab's cheque): what is chosen follows each page read. */
    follow: (items: readonly InvoiceSummary[]) => setSelected((current) => followBalances(current, items)),
  };
}
