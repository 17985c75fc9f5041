import { describe, expect, it } from 'vitest';
import {
  AUTOPAY_MAX_ATTEMPTS,
  authenticationDeadline,
  autopayDue,
  invoicesDueBy,
  isSoftDecline,
  nextAttemptOn,
} from '../../../core/rules/autopay';

const invoice = (
  invoiceNumber: string,
  dueDate: string,
  status: 'open' | 'partially-paid' | 'paid' | 'void' = 'open',
) => ({
  invoiceNumber,
  dueDate,
  status,
  totalCents: 10_000,
  paidCents: status === 'paid' ? 10_000 : 0,
  creditedCents: 0,
});

describe('autopay schedule and retry rules', () => {
  it('the month’s charge is due on the chosen day and on later days of the same month, never before', () => {
    expect(autopayDue('2026-12-14', 15)).toBe(false);
    expect(autopayDue('2026-12-15', 15)).toBe(true);
    expect(autopayDue('2026-12-31', 15)).toBe(true);
    expect(autopayDue('2027-01-01', 15)).toBe(false);
    expect(autopayDue('2027-02-28', 28)).toBe(true);
  });

  it('a soft decline is retried 3, 5 and 7 days after the first try; then the schedule is spent', () => {
    expect(nextAttemptOn('2026-12-15', 1)).toBe('2026-12-18');
    expect(nextAttemptOn('2026-12-15', 2)).toBe('2026-12-20');
    expect(nextAttemptOn('2026-12-15', 3)).toBe('2026-12-22');
    expect(nextAttemptOn('2026-12-15', 4)).toBeNull();
    expect(nextAttemptOn('2026-12-15', 0)).toBeNull();
    expect(AUTOPAY_MAX_ATTEMPTS).toBe(4);
    // Across a month's end, on whole days.
    expect(nextAttemptOn('2026-12-28', 1)).toBe('2026-12-31');
    expect(nextAttemptOn('2026-12-28', 2)).toBe('2027-01-02');
  });

  it('a bank’s authentication request may be answered until the last retry day', () => {
    expect(authenticationDeadline('2026-12-15')).toBe('2026-12-22');
  });

  it('insufficient funds and generic declines are soft; a lost, stolen or expired card is hard', () => {
    for (const code of ['insufficient_funds', 'generic_decline', 'try_again_later', 'processing_error', undefined])
      expect(isSoftDecline(code)).toBe(true);
    for (const code of ['lost_card', 'stolen_card', 'expired_card', 'do_not_try_again', 'fraudulent'])
      expect(isSoftDecline(code)).toBe(false);
  });

  it('pays open invoices with a balance due by the day, oldest due first, at most the limit', () => {
    const invoices = [
      invoice('INV-3', '2026-12-10'),
      invoice('INV-1', '2026-11-30', 'partially-paid'),
      invoice('INV-2', '2026-12-16'),
      invoice('INV-4', '2026-12-01', 'paid'),
      invoice('INV-5', '2026-12-15'),
    ];
    expect(invoicesDueBy(invoices, '2026-12-15', 25).map((i) => i.invoiceNumber)).toEqual(['INV-1', 'INV-3', 'INV-5']);
    expect(invoicesDueBy(invoices, '2026-12-15', 2).map((i) => i.invoiceNumber)).toEqual(['INV-1', 'INV-3']);
  });
});
