import { describe, expect, it } from 'vitest';
import {
  cancellationCreditCents,
  endingSoon,
  exchangesLeft,
  orderInWarranty,
  shippedAtOf,
  warrantyRefusal,
  warrantyWindowOf,
  WARRANTY_ENDING_DAYS,
} from '../../../core/rules/warranty';
import { DEFAULT_WARRANTY_POLICY } from '../../../core/schemas/lenses';

const line = (priceCents: number | undefined, quantity = 1, warrantyDays = 90) => ({
  quantity,
  design: { priceCents, warrantyDays, warranty: DEFAULT_WARRANTY_POLICY } as never,
});

describe('warranty rules (window from shipping, credit = price x percentage)', () => {
  it('the window runs from the last move into closed', () => {
    const order = {
      status: 'closed' as const,
      statusAt: '2026-01-10T00:00:00.000Z',
      history: [
        { at: '2026-01-01T00:00:00.000Z', to: 'closed' },
        { at: '2026-01-05T00:00:00.000Z', to: 'approved' },
        { at: '2026-01-09T00:00:00.000Z', to: 'closed' },
      ] as never,
    };
    expect(shippedAtOf(order)).toBe('2026-01-09T00:00:00.000Z');
    expect(shippedAtOf({ ...order, status: 'approved' })).toBeNull();
  });

  it('counts whole days left and ends exactly at the window end', () => {
    const shipped = '2026-01-01T12:00:00.000Z';
    const daysLeft = (at: string) => warrantyWindowOf(shipped, line(100), new Date(at)).daysLeft;
    expect(daysLeft('2026-01-01T12:00:00.000Z')).toBe(90);
    expect(daysLeft('2026-04-01T11:59:59.000Z')).toBe(0);
    expect(daysLeft('2026-04-01T12:00:01.000Z')).toBe(-1);
    const order = { status: 'closed' as const, statusAt: shipped, history: [], lines: [line(100)] as never };
    expect(orderInWarranty(order, new Date('2026-04-01T12:00:00.000Z'))).toBe(true);
    expect(orderInWarranty(order, new Date('2026-04-01T12:00:00.001Z'))).toBe(false);
  });

  it(`is "ending soon" in the last ${WARRANTY_ENDING_DAYS} days, not before and not after the end`, () => {
    const at = (daysLeft: number) => ({ endsAt: new Date(0), daysLeft, open: daysLeft >= 0 });
    expect(endingSoon(at(WARRANTY_ENDING_DAYS + 1))).toBe(false);
    expect(endingSoon(at(WARRANTY_ENDING_DAYS))).toBe(true);
    expect(endingSoon(at(0))).toBe(true);
    expect(endingSoon(at(-1))).toBe(false);
  });

  it('cancellation credit is what the lens was billed times the percentage, rounded down to the cent', () => {
    expect(cancellationCreditCents(80_000, { ...DEFAULT_WARRANTY_POLICY, cancellationCreditPercent: 50 })).toBe(40_000);
    expect(cancellationCreditCents(333, { ...DEFAULT_WARRANTY_POLICY, cancellationCreditPercent: 50 })).toBe(166);
    expect(cancellationCreditCents(0, DEFAULT_WARRANTY_POLICY)).toBe(0);
  });

  it('exchanges left: a limited policy counts down to zero; null means unlimited', () => {
    expect(exchangesLeft({ ...DEFAULT_WARRANTY_POLICY, exchangesPerEye: 1 }, 0)).toBe(1);
    expect(exchangesLeft({ ...DEFAULT_WARRANTY_POLICY, exchangesPerEye: 1 }, 3)).toBe(0);
    expect(exchangesLeft({ ...DEFAULT_WARRANTY_POLICY, exchangesPerEye: null }, 9)).toBeNull();
  });

  it('refuses outside the window and before shipping, saying why', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(warrantyRefusal({ shippedAt: null, line: line(1), orderNumber: 'LL-1', now })).toContain('shipped');
    expect(
      warrantyRefusal({ shippedAt: '2026-01-01T00:00:00.000Z', line: line(1, 1, 90), orderNumber: 'LL-1', now }),
    ).toBe('The warranty of order LL-1 ended 90 days after it shipped.');
    expect(
      warrantyRefusal({ shippedAt: '2026-05-01T00:00:00.000Z', line: line(1, 1, 90), orderNumber: 'LL-1', now }),
    ).toBeNull();
  });
});
