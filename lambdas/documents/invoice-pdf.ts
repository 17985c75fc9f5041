import { formatCents } from '../../core/rules/invoice-balance';
import type { CustomerRecord, PostalAddress } from '../../core/schemas/customers/customer-info';
import { INVOICE_STATUS_LABELS, SETTLEMENT_METHOD_LABELS, type Invoice } from '../../core/schemas/invoices';
import { COLOURS, LAB, PdfLayout, formatDay, type Field, type SummaryRow, type TableColumn } from './pdf-layout';

/** The practice's postal lines: street (and suite), city line, country; empty parts left out. */
export function addressLines(address: PostalAddress | undefined): string[] {
  if (!address) return [];
  const street = [address.address, address.apt].filter(Boolean).join(', ');
  const city = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, city, address.country ?? ''].map((line) => line.trim()).filter(Boolean);
}

/** Billing address when the practice has one, else where the lenses ship. */
export function invoiceAddress(practice: CustomerRecord | null): string[] {
  const billing = addressLines(practice?.billingAddress);
  return billing.length ? billing : addressLines(practice?.shippingAddress);
}

const LINE_COLUMNS: TableColumn[] = [
  { header: 'Order', weight: 12, wrap: true },
  { header: 'Patient', weight: 15, wrap: true },
  { header: 'Eye', weight: 5 },
  { header: 'Description', weight: 30, wrap: true },
  { header: 'Qty', weight: 5, align: 'right' },
  { header: 'Unit', weight: 11, align: 'right' },
  { header: 'Amount', weight: 12, align: 'right' },
];

const SETTLEMENT_COLUMNS: TableColumn[] = [
  { header: 'Date', weight: 14 },
  { header: 'Method', weight: 14 },
  { header: 'Reference', weight: 40 },
  { header: 'Amount', weight: 14, align: 'right' },
];

/**
 * The invoice as a PDF: what the practice owes and why, and what has been applied to it. Printed for the
 * practice and the lab alike, so it holds nothing the practice may not see (no staff names). It is stored per
 * invoice version (lambdas/use-cases/invoices/document-urls.ts), so it prints nothing that changes without a
 * new version (no "overdue": that follows from the calendar).
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  practice: CustomerRecord | null,
  now: Date,
): Promise<Uint8Array> {
  const status = INVOICE_STATUS_LABELS[invoice.status];
  const stamp =
    invoice.status === 'paid'
      ? { label: 'PAID', colour: COLOURS.paid }
      : invoice.status === 'void'
        ? { label: 'VOID', colour: COLOURS.void }
        : undefined;
  const layout = await PdfLayout.create({
    title: `Invoice ${invoice.invoiceNumber}`,
    subject: `Invoice ${invoice.invoiceNumber} for account ${invoice.accountNumber}`,
    footer: `${LAB.legalName} - Invoice ${invoice.invoiceNumber} - account ${invoice.accountNumber}`,
    now,
    ...(stamp ? { stamp } : {}),
  });

  const billTo: Field[] = [
    ...(practice?.company ? [{ label: '', value: practice.company }] : []),
    ...invoiceAddress(practice).map((value) => ({ label: '', value })),
    { label: 'Account', value: invoice.accountNumber },
  ];
  const facts: Field[] = [
    { label: 'Invoice number', value: invoice.invoiceNumber },
    { label: 'Issue date', value: formatDay(invoice.issuedAt) },
    { label: 'Due date', value: formatDay(invoice.dueDate) },
    { label: 'Status', value: status },
  ];
  layout.fieldBlocks([
    { title: 'Bill to', fields: billTo },
    { title: 'Invoice', fields: facts },
  ]);

  if (invoice.status === 'void') {
    const when = invoice.voidedAt ? ` on ${formatDay(invoice.voidedAt)}` : '';
    const reason = invoice.voidReason?.trim().replace(/[.!?\s]+$/, '');
    layout.paragraph(`This invoice was voided${when}.${reason ? ` Reason: ${reason}.` : ''} Nothing is due on it.`, {
      bold: true,
      colour: COLOURS.void,
      before: 10,
      size: 9.5,
    });
  }

  layout.table(
    LINE_COLUMNS,
    invoice.lines.map((line) => [
      line.orderNumber ?? '',
      line.patient ?? '',
      line.eye ?? '',
      line.description,
      String(line.quantity),
      formatCents(line.unitCents),
      formatCents(line.amountCents),
    ]),
    14,
  );
  layout.summary([
    { label: 'Subtotal', value: formatCents(invoice.subtotalCents) },
    { label: 'Shipping', value: formatCents(invoice.shippingCents) },
    { label: 'Tax', value: formatCents(invoice.taxCents) },
    { label: 'Total', value: formatCents(invoice.totalCents), bold: true },
  ]);

  layout.paragraph('Payments and credits applied', { bold: true, size: 10.5, before: 14 });
  if (invoice.settlements.length) {
    layout.table(
      SETTLEMENT_COLUMNS,
      invoice.settlements.map((s) => [
        formatDay(s.at),
        SETTLEMENT_METHOD_LABELS[s.method],
        s.reference ?? '',
        formatCents(s.amountCents),
      ]),
      4,
    );
  } else {
    layout.paragraph('None yet.', { size: 9.5, colour: COLOURS.muted, before: 2 });
  }

  const balance: SummaryRow[] = [
    { label: 'Paid', value: formatCents(invoice.paidCents) },
    { label: 'Lens credit applied', value: formatCents(invoice.creditedCents) },
    {
      label: 'Balance due',
      value: formatCents(invoice.status === 'void' ? 0 : Math.max(0, invoice.balanceCents)),
      bold: true,
    },
  ];
  layout.summary(balance);

  if (invoice.status === 'open' || invoice.status === 'partially-paid') {
    layout.paragraph(
      `Pay online in the ${LAB.name} portal (Pay Online) by ${formatDay(invoice.dueDate)}, or quote invoice ` +
        `${invoice.invoiceNumber} and account ${invoice.accountNumber} with a check or bank transfer.`,
      { size: 9, colour: COLOURS.muted, before: 16 },
    );
  }
  return layout.save();
}
