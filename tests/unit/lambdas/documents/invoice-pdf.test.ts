import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../../core/rules/invoice-balance';
import { renderInvoicePdf } from '../../../../lambdas/documents/invoice-pdf';
import { PRACTICE, invoiceLine, invoiceOf } from '../../../support/document-fixtures';
import { pdfText } from '../../../support/pdf-text';

const NOW = new Date('2025-03-12T10:00:00.000Z');

describe('invoice PDF', () => {
  it('prints the invoice number, account, practice, billing address, dates, status, lines and totals', async () => {
    const invoice = invoiceOf();
    const bytes = await renderInvoicePdf(invoice, PRACTICE, NOW);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfText(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('Invoice INV-1001');
    for (const expected of [
      'Invoice INV-1001',
      'INV-1001',
      'BV-1001',
      'Brightview Eye Care',
      '400 Billing Avenue, Suite 9',
      'Chicago, IL 60601',
      'Mar 1, 2025',
      'Mar 31, 2025',
      'Open',
      'LL-1001',
      'Patient 2',
      'OD',
      'Scleral lens, custom design 1',
      formatCents(invoice.lines[0]!.unitCents),
      formatCents(invoice.lines[1]!.amountCents),
      formatCents(invoice.subtotalCents),
      formatCents(invoice.shippingCents),
      formatCents(invoice.taxCents),
      formatCents(invoice.totalCents),
    ]) {
      expect(pdf.pages[0]!.runs, expected).toContain(expected);
    }
    // Billing address, not where the lenses ship; a balance due equal to the total; how to pay.
    expect(pdf.text).not.toContain('12 Shipping Lane');
    expect(pdf.text).toMatch(new RegExp(`Balance due\\n${formatCents(invoice.totalCents).replace('$', '\\$')}`));
    expect(pdf.text).toContain('Pay online');
  });

  it('uses the shipping address when the practice has no billing address, and prints without a practice', async () => {
    const { billingAddress: _none, ...shippingOnly } = PRACTICE;
    const shipping = await pdfText(await renderInvoicePdf(invoiceOf(), shippingOnly, NOW));
    expect(shipping.text).toContain('12 Shipping Lane');
    const orphan = await pdfText(await renderInvoicePdf(invoiceOf(), null, NOW));
    expect(orphan.text).toContain('INV-1001');
  });

  it('lists payments and credits applied (date, method, reference) and the balance left, without staff names', async () => {
    const invoice = invoiceOf({
      settlements: [
        {
          settlementId: 's1',
          at: '2025-03-05T12:00:00.000Z',
          method: 'cheque',
          amountCents: 10_000,
          reference: 'Check 4471',
          recordedBy: { userId: 'staff-2', name: 'Recorder Name' },
        },
        { settlementId: 's2', at: '2025-03-06T12:00:00.000Z', method: 'credit', amountCents: 2_500 },
      ],
    });
    expect(invoice.status).toBe('partially-paid');
    const pdf = await pdfText(await renderInvoicePdf(invoice, PRACTICE, NOW));
    for (const expected of ['Mar 5, 2025', 'Check', 'Check 4471', '$100.00', 'Lens credit', '$25.00']) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).toContain('Partially paid');
    expect(pdf.text).toContain(formatCents(invoice.balanceCents));
    expect(pdf.text).not.toContain('Recorder Name');
    expect(pdf.text).not.toContain('Staff Member Secret');
  });

  it('a 60-line invoice breaks onto more pages, each with the table header and "page i of n", every line once', async () => {
    const invoice = invoiceOf({ lines: Array.from({ length: 60 }, (_, i) => invoiceLine(i + 1)) });
    const pdf = await pdfText(await renderInvoicePdf(invoice, PRACTICE, NOW));
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    pdf.pages.forEach((page, i) => {
      expect(page.runs).toContain('Description');
      expect(page.runs).toContain(`Invoice INV-1001`);
      expect(page.runs.some((r) => r.endsWith(`page ${i + 1} of ${pdf.pageCount}`))).toBe(true);
    });
    const orderNumbers = pdf.pages.flatMap((p) => p.runs.filter((r) => /^LL-\d+$/.test(r)));
    expect(orderNumbers).toEqual(invoice.lines.map((l) => l.orderNumber));
    // The totals come after the last line, on the last page.
    expect(pdf.pages.at(-1)!.runs).toContain(formatCents(invoice.totalCents));
  });

  it('a void invoice says VOID, the reason, and that nothing is due', async () => {
    const invoice = invoiceOf({
      status: 'void',
      voidReason: 'Entered twice',
      voidedAt: '2025-03-02T09:00:00.000Z',
    });
    const pdf = await pdfText(await renderInvoicePdf(invoice, PRACTICE, NOW));
    expect(pdf.pages[0]!.runs).toContain('VOID');
    expect(pdf.text).toContain('Void');
    expect(pdf.flat).toContain('This invoice was voided on Mar 2, 2025. Reason: Entered twice. Nothing is due on it.');
    expect(pdf.text).toMatch(/Balance due\n\$0\.00/);
    expect(pdf.text).not.toContain('Pay online');
  });

  it('a paid invoice carries the PAID label', async () => {
    const base = invoiceOf();
    const paid = invoiceOf({
      settlements: [{ settlementId: 's', at: '2025-03-03T00:00:00Z', method: 'card', amountCents: base.totalCents }],
    });
    expect(paid.status).toBe('paid');
    const pdf = await pdfText(await renderInvoicePdf(paid, PRACTICE, NOW));
    expect(pdf.pages[0]!.runs).toContain('PAID');
    expect(pdf.text).toMatch(/Balance due\n\$0\.00/);
  });

  it('prints order numbers and long patient names whole (wrapped, never cut)', async () => {
    const invoice = invoiceOf({
      lines: [invoiceLine(1, { orderNumber: 'LL-000042', patient: 'Maximiliana Bartholomew-Fitzgerald' })],
    });
    const pdf = await pdfText(await renderInvoicePdf(invoice, PRACTICE, NOW));
    expect(pdf.text).toContain('LL-000042');
    // A long name wraps in its cell, at the hyphen.
    expect(pdf.flat).toContain('Maximiliana Bartholomew- Fitzgerald');
    expect(pdf.text).not.toContain('…');
  });

  it('unusual characters in patient and practice names print instead of failing the document', async () => {
    const invoice = invoiceOf({
      lines: [invoiceLine(1, { patient: 'Zoë Łukasiewicz 😊', description: 'Ortho-k lens\nnight wear – 眼科' })],
    });
    const practice = { ...PRACTICE, company: 'Clínica Ōsaka Ærø 👓' };
    const pdf = await pdfText(await renderInvoicePdf(invoice, practice, NOW));
    expect(pdf.text).toContain('Zoë Lukasiewicz ?');
    expect(pdf.text).toContain('Clínica Osaka Ærø ?');
    expect(pdf.flat).toContain('Ortho-k lens night wear – ??');
  });
});
