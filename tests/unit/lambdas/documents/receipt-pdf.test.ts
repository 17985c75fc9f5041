import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../../core/rules/invoice-balance';
import { renderReceiptPdf } from '../../../../lambdas/documents/receipt-pdf';
import { PRACTICE, invoiceOf, paymentOf } from '../../../support/document-fixtures';
import { pdfText } from '../../../support/pdf-text';

const NOW = new Date('2025-03-12T10:00:00.000Z');
const PAYMENT_ID = paymentOf().paymentId;

describe('receipt PDF', () => {
  it('prints the receipt number, date, payer, account, each invoice paid, credit, card and total', async () => {
    const first = invoiceOf({
      invoiceNumber: 'INV-1001',
      settlements: [
        { settlementId: 'a', at: '2025-03-05T09:01:00Z', method: 'credit', amountCents: 5_000, paymentId: PAYMENT_ID },
        { settlementId: 'b', at: '2025-03-05T09:01:00Z', method: 'card', amountCents: 15_000, paymentId: PAYMENT_ID },
        // Another payment's money on the same invoice is not part of this receipt.
        { settlementId: 'c', at: '2025-03-04T09:01:00Z', method: 'cheque', amountCents: 777 },
      ],
    });
    const second = invoiceOf({
      invoiceNumber: 'INV-1002',
      settlements: [
        { settlementId: 'd', at: '2025-03-05T09:01:00Z', method: 'card', amountCents: 10_000, paymentId: PAYMENT_ID },
      ],
    });
    const payment = paymentOf({
      allocations: [
        { invoiceNumber: 'INV-1001', amountCents: 20_000 },
        { invoiceNumber: 'INV-1002', amountCents: 10_000 },
      ],
    });
    const bytes = await renderReceiptPdf(payment, [first, second], PRACTICE, NOW);
    const pdf = await pdfText(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('Receipt R-20250305-0007');
    for (const expected of [
      'R-20250305-0007',
      'Mar 5, 2025',
      'Dr Ada Fitter',
      'Brightview Eye Care',
      'BV-1001',
      'INV-1001',
      'INV-1002',
      'LL-1001, LL-1002',
      '$200.00',
      '$100.00',
      formatCents(payment.creditCents),
      formatCents(payment.cardCents),
      formatCents(payment.totalCents),
      'PAID',
    ]) {
      expect(pdf.text, expected).toContain(expected);
    }
    expect(pdf.text).toMatch(/Lens credit applied\n\$50\.00/);
    expect(pdf.text).toMatch(/Paid by card\n\$250\.00/);
    expect(pdf.text).toMatch(/Total paid\n\$300\.00/);
    expect(pdf.text).not.toContain('$7.77');
    expect(pdf.text).not.toContain('Added to account credit');
  });

  it('shows a card amount beyond the balances as account credit', async () => {
    const payment = paymentOf({ overpaidCents: 1_250 });
    const pdf = await pdfText(await renderReceiptPdf(payment, [], PRACTICE, NOW));
    expect(pdf.text).toMatch(/Added to account credit\n\$12\.50/);
    expect(pdf.flat).toContain('It was added to account BV-1001 as lens credit');
  });

  it('a card amount beyond the balances that waits for a second super admin is not called credit yet (docs/decisions/0092-large-credit-needs-a-second-super-admin.md)', async () => {
    const payment = paymentOf({ overpaidCents: 250_000, overpaymentHeld: true });
    const pdf = await pdfText(await renderReceiptPdf(payment, [], PRACTICE, NOW));
    expect(pdf.text).toMatch(/Waiting to become account credit\n\$2,500\.00/);
    expect(pdf.text).not.toContain('Added to account credit');
    expect(pdf.flat).toContain("It waits for the lab's approval");
  });

  it('an invoice it cannot read is still listed with the amount the payer chose', async () => {
    const pdf = await pdfText(await renderReceiptPdf(paymentOf(), [], null, NOW));
    expect(pdf.text).toContain('INV-1001');
    expect(pdf.text).toContain('$300.00');
  });

  it('a payer name with unusual characters prints', async () => {
    const payment = paymentOf({ payer: { userId: 'u', name: 'Đorđe Ünal 🦉', email: 'x@y.test' } });
    const pdf = await pdfText(await renderReceiptPdf(payment, [], PRACTICE, NOW));
    expect(pdf.text).toContain('Dorde Ünal ?');
  });
});

describe('receipt PDF identifiers', () => {
  it('prints invoice numbers of the usual lengths whole, never cut with an ellipsis', async () => {
    const payment = paymentOf({ allocations: [{ invoiceNumber: 'INV-2025-000123-BV', amountCents: 30_000 }] });
    const pdf = await pdfText(await renderReceiptPdf(payment, [], PRACTICE, NOW));
    expect(pdf.text).toContain('INV-2025-000123-BV');
    expect(pdf.text).not.toContain('…');
  });
});
