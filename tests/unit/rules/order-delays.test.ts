import { describe, expect, it } from 'vitest';
import { canRecordDelay, DELAY_MESSAGES, newShipByProblem } from '../../../core/rules/order-delays';
import { ORDER_STATUSES } from '../../../core/rules/order-lifecycle';

const PROMISE = { shipBy: '2026-12-08' };
/** Thursday, December 3, 2026; Christmas Day is the lab's holiday. */
const context = { today: '2026-12-03', calendar: { holidays: ['2026-12-25'] }, shipBy: PROMISE.shipBy };

describe('order delays (docs/decisions/0100-production-stages-and-the-ship-promise.md, Delays)', () => {
  it('an order may get a new ship date only while it has not shipped and was promised one', () => {
    const delayable = ORDER_STATUSES.filter((status) => canRecordDelay({ status, promise: PROMISE }));
    expect(delayable).toEqual(['submitted', 'on-hold', 'approved']);
    expect(canRecordDelay({ status: 'approved' })).toBe(false);
  });

  it('the new day is today or later, a business day of the lab, and not the day it already ships by', () => {
    expect(newShipByProblem('2026-12-02', context)).toBe(DELAY_MESSAGES.beforeToday);
    expect(newShipByProblem('2026-12-05', context)).toBe(DELAY_MESSAGES.notBusinessDay('2026-12-05'));
    expect(newShipByProblem('2026-12-25', context)).toBe(DELAY_MESSAGES.notBusinessDay('2026-12-25'));
    expect(newShipByProblem('2026-12-08', context)).toBe(DELAY_MESSAGES.same('2026-12-08'));
    expect(newShipByProblem('2026-12-03', context)).toBeNull();
    expect(newShipByProblem('2026-12-10', context)).toBeNull();
  });

  it('says the refused day as people read it', () => {
    expect(DELAY_MESSAGES.notBusinessDay('2026-12-05')).toBe(
      'Saturday, December 5, 2026 is not a business day of the lab: choose another day.',
    );
  });
});
