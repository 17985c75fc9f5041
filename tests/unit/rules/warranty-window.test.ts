import { describe, expect, it } from 'vitest';
import { endingSoon, orderInWarranty, warrantyRefusal, warrantyWindowOf } from '../../../core/rules/warranty';
import { DEFAULT_WARRANTY_POLICY } from '../../../core/schemas/lenses';
import type { Order } from '../../../core/schemas/orders';
import { stillInWindow, warrantyLensesOf } from '../../../lambdas/use-cases/credit/warranty-lenses';

/**
 * The rule: a lens is covered from the moment its order ships (the last move into `closed`) for its design's
 * `warrantyDays` x 24 hours, the end instant included. Days left count whole days to that end: the design's
 * days on shipping day, 0 on the last day, negative after. Every screen and check reads `warrantyWindowOf`,
 * so Lens Credit, the reminder job, claims, the warranty remake and the order screen agree at each edge.
 */

const SHIPPED = '2026-01-01T12:00:00.000Z';
const DAYS = 90;
const WINDOW_END = '2026-04-01T12:00:00.000Z';
const HOUR_MS = 60 * 60 * 1000;

const line = (warrantyDays: number, eye: 'OD' | 'OS' = 'OD') => ({
  eye,
  lensId: `lens-${warrantyDays}`,
  parameters: {},
  quantity: 1,
  design: {
    lensId: `lens-${warrantyDays}`,
    name: `Design ${warrantyDays}`,
    type: 'scleral' as const,
    parameters: [],
    warrantyDays,
    warranty: DEFAULT_WARRANTY_POLICY,
    version: 0,
    priceCents: 10_000,
  },
});

const shippedOrder = (lines = [line(DAYS)]) =>
  ({
    orderId: 'o-1',
    orderNumber: 'LL-000001',
    accountNumber: 'ACC-A',
    status: 'closed',
    patient: 'PT-1',
    lines,
    history: [{ at: SHIPPED, action: 'close', from: 'approved', to: 'closed', by: { userId: 'lab', name: 'Lab' } }],
    statusAt: SHIPPED,
  }) as unknown as Order;

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

/** What each caller of the rule decides at `now`, for a one-lens order. */
function decisions(now: Date) {
  const order = shippedOrder();
  const window = warrantyWindowOf(SHIPPED, order.lines[0]!, now);
  return {
    window,
    lensCreditLists: warrantyLensesOf(order, now, stillInWindow).length === 1,
    claimOrRemakeAllowed:
      warrantyRefusal({ shippedAt: SHIPPED, line: order.lines[0]!, orderNumber: 'LL-1', now }) === null,
    orderScreenOffersRemake: orderInWarranty(order, now),
  };
}

describe('the warranty window: from shipping for the design warrantyDays x 24 h, the end instant included', () => {
  it('day 0 (the shipping instant): covered, with all of the design days left', () => {
    const at = decisions(new Date(SHIPPED));
    expect(at.window).toEqual({ endsAt: new Date(WINDOW_END), daysLeft: DAYS, open: true });
    expect(at).toMatchObject({ lensCreditLists: true, claimOrRemakeAllowed: true, orderScreenOffersRemake: true });
    expect(endingSoon(at.window)).toBe(false);
  });

  it('the last day (its first hour and the end instant itself): covered, 0 days left, ending soon', () => {
    for (const now of [plus(WINDOW_END, -23 * HOUR_MS), new Date(WINDOW_END)]) {
      const at = decisions(now);
      expect(at.window).toMatchObject({ daysLeft: 0, open: true });
      expect(at).toMatchObject({ lensCreditLists: true, claimOrRemakeAllowed: true, orderScreenOffersRemake: true });
      expect(endingSoon(at.window)).toBe(true);
    }
  });

  it('the day after (1 ms past the end, and a day later): not covered, negative days, refused with the reason', () => {
    for (const now of [plus(WINDOW_END, 1), plus(WINDOW_END, 24 * HOUR_MS)]) {
      const at = decisions(now);
      expect(at.window.open).toBe(false);
      expect(at.window.daysLeft).toBeLessThan(0);
      expect(at).toMatchObject({ lensCreditLists: false, claimOrRemakeAllowed: false, orderScreenOffersRemake: false });
      expect(endingSoon(at.window)).toBe(false);
    }
    expect(
      warrantyRefusal({ shippedAt: SHIPPED, line: line(DAYS), orderNumber: 'LL-1', now: plus(WINDOW_END, 1) }),
    ).toBe(`The warranty of order LL-1 ended ${DAYS} days after it shipped.`);
  });

  it('each lens has its own window (its own design days); the order screen offers a remake while any is open', () => {
    const order = shippedOrder([line(30, 'OD'), line(DAYS, 'OS')]);
    const now = plus(SHIPPED, 31 * 24 * HOUR_MS);
    expect(warrantyLensesOf(order, now, stillInWindow).map((l) => l.eye)).toEqual(['OS']);
    expect(warrantyWindowOf(SHIPPED, order.lines[0]!, now).open).toBe(false);
    expect(orderInWarranty(order, now)).toBe(true);
  });

  it('a design with 0 warranty days is covered only at the shipping instant', () => {
    expect(warrantyWindowOf(SHIPPED, line(0), new Date(SHIPPED))).toMatchObject({ daysLeft: 0, open: true });
    expect(warrantyWindowOf(SHIPPED, line(0), plus(SHIPPED, 1)).open).toBe(false);
  });
});
