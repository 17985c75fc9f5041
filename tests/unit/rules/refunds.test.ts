import { describe, expect, it } from 'vitest';
import { parseDollars } from '../../../core/rules/invoice-balance';
import { cardPaidOnInvoice, refundableOnInvoice, refundLimit, refundReceiptNumber } from '../../../core/rules/refunds';

const invoice = {
  invoiceNumber: 'INV-1',
  settlements: [
    { method: 'card', amountCents: 10_000, paymentId: 'p1' },
    { method: 'credit', amountCents: 2_500, paymentId: 'p1' },
    { method: 'card', amountCents: 3_333, paymentId: 'p2' },
    { method: 'cheque', amountCents: 1_000 },
  ],
  refunds: [{ amountCents: 1_234, paymentId: 'p1' }],
};

describe('refund limits', () => {
  it('only card money of the payment counts: not the credit it applied, not other payments, not checks', () => {
    expect(cardPaidOnInvoice(invoice, 'p1')).toBe(10_000);
    expect(cardPaidOnInvoice(invoice, 'p2')).toBe(3_333);
    expect(cardPaidOnInvoice(invoice, 'p3')).toBe(0);
  });

  it('what the invoice shows as refundable is its card money less the refunds recorded, never below zero', () => {
    expect(refundableOnInvoice(invoice, 'p1')).toBe(8_766);
    expect(refundableOnInvoice({ ...invoice, refunds: [{ amountCents: 99_999, paymentId: 'p2' }] }, 'p2')).toBe(0);
  });

  it('the server counts refunds in flight too, and never more than the card captured', () => {
    const payment = {
      paymentId: 'p1',
      cardCents: 10_000,
      refunds: [
        { invoiceNumber: 'INV-1', amountCents: 1_234, status: 'succeeded' as const },
        { invoiceNumber: 'INV-1', amountCents: 766, status: 'pending' as const },
        { invoiceNumber: 'INV-1', amountCents: 5_000, status: 'failed' as const },
      ],
    };
    expect(refundLimit(payment, invoice)).toBe(8_000);
    expect(refundLimit({ ...payment, cardCents: 1_999 }, invoice)).toBe(0);
  });

  it('is exact to the cent: a refund typed in dollars is whole cents or refused, never rounded', () => {
    expect(parseDollars('87.66')).toBe(8_766);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('12.345')).toBeNull();
    // Three refunds of a third of $100.00 leave exactly the last cent to refund.
    const payment = {
      paymentId: 'p',
      cardCents: 10_000,
      refunds: [3_333, 3_333, 3_333].map((amountCents) => ({
        invoiceNumber: 'I',
        amountCents,
        status: 'succeeded' as const,
      })),
    };
    expect(
      refundLimit(payment, {
        invoiceNumber: 'I',
        settlements: [{ method: 'card', amountCents: 10_000, paymentId: 'p' }],
      }),
    ).toBe(1);
  });

  it('a refund receipt number carries the day and the start of the refund id', () => {
    expect(refundReceiptNumber('1a2b3c4d-0000-4000-8000-000000000000', new Date('2026-12-03T15:00:00Z'))).toBe(
      'RF-20261203-1A2B3C4D',
    );
  });
});
