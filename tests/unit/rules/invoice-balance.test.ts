import { describe, expect, it } from 'vitest';
import {
  applyToBalance,
  balanceOf,
  daysOverdue,
  dueDateOf,
  formatCents,
  isOverdue,
  parseDollars,
  splitCredit,
  statusOf,
} from '../../../core/rules/invoice-balance';

describe('invoice money rules (integer cents, balance never below zero)', () => {
  it('balance is total minus paid minus credited, and the status follows from it', () => {
    expect(balanceOf({ totalCents: 10_000, paidCents: 2_500, creditedCents: 500 })).toBe(7_000);
    expect(statusOf({ totalCents: 10_000, paidCents: 0, creditedCents: 0 })).toBe('open');
    expect(statusOf({ totalCents: 10_000, paidCents: 1, creditedCents: 0 })).toBe('partially-paid');
    expect(statusOf({ totalCents: 10_000, paidCents: 9_000, creditedCents: 1_000 })).toBe('paid');
    expect(statusOf({ totalCents: 10_000, paidCents: 0, creditedCents: 0, status: 'void' })).toBe('void');
  });

  it('an amount applies up to the balance; the rest is excess (which becomes credit)', () => {
    const invoice = { totalCents: 10_000, paidCents: 4_000, creditedCents: 0, status: 'partially-paid' as const };
    expect(applyToBalance(invoice, 5_000)).toEqual({ appliedCents: 5_000, excessCents: 0 });
    expect(applyToBalance(invoice, 7_000)).toEqual({ appliedCents: 6_000, excessCents: 1_000 });
    expect(applyToBalance({ ...invoice, status: 'void' }, 100)).toEqual({ appliedCents: 0, excessCents: 100 });
  });

  it('credit is split over invoices in the order chosen, never more than each amount or than available', () => {
    expect(splitCredit([3_000, 1_000, 5_000], 3_500)).toEqual([3_000, 500, 0]);
    expect(splitCredit([3_000, 1_000], 10_000)).toEqual([3_000, 1_000]);
    expect(splitCredit([3_000], -5)).toEqual([0]);
  });

  it('is due after the net terms and overdue from the day after the due date (UTC)', () => {
    expect(dueDateOf('2026-01-31T23:00:00.000Z', 30)).toBe('2026-03-02');
    const invoice = { dueDate: '2026-03-02', status: 'open' as const };
    expect(isOverdue(invoice, new Date('2026-03-02T23:59:59.999Z'))).toBe(false);
    expect(isOverdue(invoice, new Date('2026-03-03T00:00:00.000Z'))).toBe(true);
    expect(daysOverdue(invoice, new Date('2026-03-12T08:00:00.000Z'))).toBe(10);
    expect(isOverdue({ ...invoice, status: 'paid' }, new Date('2027-01-01'))).toBe(false);
  });

  it('formats and parses dollars exactly', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-300)).toBe('-$3.00');
    expect(parseDollars('1,234.5')).toBe(123_450);
    expect(parseDollars('$12')).toBe(1_200);
    expect(parseDollars('0.07')).toBe(7);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '12.3.4']) expect(parseDollars(bad)).toBeNull();
  });
});
