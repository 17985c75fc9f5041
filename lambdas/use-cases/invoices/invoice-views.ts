import { isOverdue, statusOf } from '../../../core/rules/invoice-balance';
import { refundedOnInvoice } from '../../../core/rules/refunds';
import type { CustomerInvoice, Invoice, InvoiceSummary } from '../../../core/schemas/invoices';

/** The invoice as a practice sees it (route outputs drop the internal fields the schema does not name). */
export function customerInvoice(invoice: Invoice, now: Date): CustomerInvoice {
  return {
    ...invoice,
    settlements: invoice.settlements.map(({ recordedBy: _by, ...rest }) => rest),
    ...(invoice.refunds ? { refunds: invoice.refunds.map(({ recordedBy: _by, ...rest }) => rest) } : {}),
    overdue: isOverdue(invoice, now),
  };
}

/** The invoice without its lines' patients, for a caller who may see the money but not the patients. */
export function withoutPatients(invoice: Invoice): Invoice {
  return { ...invoice, lines: invoice.lines.map(({ patient: _patient, ...line }) => line) };
}

export function invoiceSummary(invoice: Invoice, now: Date): InvoiceSummary {
  const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];
  return {
    invoiceNumber: invoice.invoiceNumber,
    accountNumber: invoice.accountNumber,
    orderIds: invoice.orderIds,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    creditedCents: invoice.creditedCents,
    balanceCents: invoice.balanceCents,
    status: invoice.status,
    issuedAt: invoice.issuedAt,
    dueDate: invoice.dueDate,
    version: invoice.version,
    overdue: isOverdue(invoice, now),
    orderNumbers: unique(invoice.lines.map((l) => l.orderNumber)),
    patients: unique(invoice.lines.map((l) => l.patient)),
  };
}

/**
 * An invoice with its amounts recomputed from lines, settlements and refunds (the one place totals are summed).
 * A refund takes card money back off what was paid, so the invoice is owed again by that much.
 */
export function withTotals(
  invoice: Omit<Invoice, 'subtotalCents' | 'totalCents' | 'paidCents' | 'creditedCents' | 'balanceCents'> &
    Partial<Invoice>,
): Invoice {
  const subtotalCents = invoice.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const totalCents = subtotalCents + invoice.shippingCents + invoice.taxCents;
  const paidCents =
    invoice.settlements.filter((s) => s.method !== 'credit').reduce((sum, s) => sum + s.amountCents, 0) -
    refundedOnInvoice(invoice);
  const creditedCents = invoice.settlements
    .filter((s) => s.method === 'credit')
    .reduce((sum, s) => sum + s.amountCents, 0);
  const balanceCents = totalCents - paidCents - creditedCents;
  const status = statusOf({
    totalCents,
    paidCents,
    creditedCents,
    ...(invoice.status ? { status: invoice.status } : {}),
  });
  return { ...invoice, subtotalCents, totalCents, paidCents, creditedCents, balanceCents, status } as Invoice;
}
