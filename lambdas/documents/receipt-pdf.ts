import { formatCents } from '../../core/rules/invoice-balance';
import type { CustomerRecord } from '../../core/schemas/customers/customer-info';
import type { Invoice } from '../../core/schemas/invoices';
import type { Payment } from '../../core/schemas/payments';
import { COLOURS, LAB, PdfLayout, formatDay, type SummaryRow, type TableColumn } from './pdf-layout';

const COLUMNS: TableColumn[] = [
  { header: 'Invoice', weight: 19, wrap: true },
  { header: 'Issued', weight: 13 },
  { header: 'Orders', weight: 24, wrap: true },
  { header: 'Lens credit', weight: 13, align: 'right' },
  { header: 'Card', weight: 13, align: 'right' },
  { header: 'Amount paid', weight: 14, align: 'right' },
];

/** A receipt names an invoice's orders for recognition; the invoice itself lists them all. */
const MAX_ORDERS_SHOWN = 6;

/** One row per invoice the payment named, with what the settlement actually applied to it. */
function receiptRows(payment: Payment, invoices: Invoice[]): string[][] {
  const byNumber = new Map(invoices.map((invoice) => [invoice.invoiceNumber, invoice]));
  return payment.allocations.map((allocation) => {
    const invoice = byNumber.get(allocation.invoiceNumber);
    const applied = (invoice?.settlements ?? []).filter((s) => s.paymentId === payment.paymentId);
    const sum = (method: 'credit' | 'card') =>
      applied.filter((s) => s.method === method).reduce((total, s) => total + s.amountCents, 0);
    const orderNumbers = [...new Set((invoice?.lines ?? []).map((l) => l.orderNumber).filter(Boolean))];
    const orders =
      orderNumbers.length > MAX_ORDERS_SHOWN
        ? `${orderNumbers.slice(0, MAX_ORDERS_SHOWN).join(', ')} and ${orderNumbers.length - MAX_ORDERS_SHOWN} more`
        : orderNumbers.join(', ');
    // Without the invoice's settlements (not readable), the amount the payer chose stands in.
    const paid = applied.length ? sum('credit') + sum('card') : allocation.amountCents;
    return [
      allocation.invoiceNumber,
      invoice ? formatDay(invoice.issuedAt) : '',
      orders,
      applied.length ? formatCents(sum('credit')) : '',
      applied.length ? formatCents(sum('card')) : '',
      formatCents(paid),
    ];
  });
}

/**
 * The payer's receipt: who paid what for which invoices, how much came from lens credit and how much from
 * the card, and any card amount beyond the invoices' balances that became account credit. Made once per
 * payment (it does not change after settlement). `invoices` are the invoices the payment settled, as stored.
 */
export async function renderReceiptPdf(
  payment: Payment,
  invoices: Invoice[],
  practice: CustomerRecord | null,
  now: Date,
): Promise<Uint8Array> {
  const layout = await PdfLayout.create({
    title: `Receipt ${payment.receiptNumber}`,
    subject: `Payment receipt ${payment.receiptNumber} for account ${payment.accountNumber}`,
    footer: `${LAB.legalName} - Receipt ${payment.receiptNumber} - account ${payment.accountNumber}`,
    now,
    ...(payment.status === 'succeeded' ? { stamp: { label: 'PAID', colour: COLOURS.paid } } : {}),
  });

  layout.fieldBlocks([
    {
      title: 'Received from',
      fields: [
        { label: '', value: payment.payer.name },
        ...(practice?.company ? [{ label: '', value: practice.company }] : []),
        { label: 'Account', value: payment.accountNumber },
      ],
    },
    {
      title: 'Receipt',
      fields: [
        { label: 'Receipt number', value: payment.receiptNumber },
        { label: 'Date', value: formatDay(payment.settledAt ?? payment.createdAt) },
        { label: 'Status', value: payment.status === 'succeeded' ? 'Paid' : 'Not complete' },
      ],
    },
  ]);

  layout.table(COLUMNS, receiptRows(payment, invoices), 14);

  const totals: SummaryRow[] = [
    { label: 'Lens credit applied', value: formatCents(payment.creditCents) },
    { label: 'Paid by card', value: formatCents(payment.cardCents) },
    { label: 'Total paid', value: formatCents(payment.totalCents), bold: true },
  ];
  if (payment.overpaidCents > 0) {
    totals.push({
      label: payment.overpaymentHeld ? 'Waiting to become account credit' : 'Added to account credit',
      value: formatCents(payment.overpaidCents),
    });
  }
  layout.summary(totals);

  if (payment.overpaidCents > 0) {
    layout.paragraph(
      `${formatCents(payment.overpaidCents)} of the card payment was more than the invoices still owed when the ` +
        `payment settled. ${
          payment.overpaymentHeld
            ? `It waits for the lab's approval before it is added to account ${payment.accountNumber} as lens credit (or refunded to the card).`
            : `It was added to account ${payment.accountNumber} as lens credit, to use on a later invoice.`
        }`,
      { size: 9, colour: COLOURS.muted, before: 14 },
    );
  }
  layout.paragraph(`Thank you for your payment. Questions: ${LAB.contact}.`, {
    size: 9,
    colour: COLOURS.muted,
    before: 14,
  });
  return layout.save();
}
