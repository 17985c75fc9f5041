import { describe, expect, it } from 'vitest';
import {
  availableActions,
  FINAL_STATUSES,
  nextStatus,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PLACED_STATUSES,
} from '../../../core/rules/order-lifecycle';
import { listOrdersInputSchema } from '../../../core/schemas/orders';

/** Every (status, action) pair, generated from the table, with what the table says about it. */
const pairs = ORDER_STATUSES.flatMap((from) =>
  ORDER_ACTIONS.map((action) => ({ from, action, allowed: ORDER_TRANSITIONS[action].from.includes(from) })),
);

describe('order lifecycle', () => {
  it.each(pairs.filter((p) => p.allowed))('allowed: $action from $from', ({ from, action }) => {
    expect(nextStatus(from, action)).toBe(ORDER_TRANSITIONS[action].to);
    expect(availableActions(from, ORDER_TRANSITIONS[action].by)).toContain(action);
  });

  it.each(pairs.filter((p) => !p.allowed))('refused: $action from $from', ({ from, action }) => {
    expect(nextStatus(from, action)).toBeNull();
    expect(availableActions(from, 'practice')).not.toContain(action);
    expect(availableActions(from, 'lab')).not.toContain(action);
  });

  it('the path the issue names exists: draft -> submitted -> approved -> closed', () => {
    expect(nextStatus('draft', 'submit')).toBe('submitted');
    expect(nextStatus('submitted', 'approve')).toBe('approved');
    expect(nextStatus('approved', 'close')).toBe('closed');
  });

  it('the practice cancels only before approval; the lab approves, holds, rejects and closes', () => {
    expect(nextStatus('approved', 'cancel')).toBeNull();
    expect(ORDER_TRANSITIONS.cancel.by).toBe('practice');
    expect(ORDER_TRANSITIONS.resubmit.by).toBe('practice');
    for (const action of ['approve', 'hold', 'reject', 'close'] as const)
      expect(ORDER_TRANSITIONS[action].by).toBe('lab');
  });

  it('no action leaves a final status', () => {
    for (const status of FINAL_STATUSES) {
      expect(availableActions(status, 'practice')).toEqual([]);
      expect(availableActions(status, 'lab')).toEqual([]);
    }
  });

  it("the lab's queue lists every placed status, in the order of its work, and never the practices' drafts", () => {
    expect(PLACED_STATUSES).toEqual(['submitted', 'on-hold', 'approved', 'closed', 'rejected', 'cancelled']);
    for (const status of PLACED_STATUSES) expect(listOrdersInputSchema.safeParse({ status }).success).toBe(true);
    expect(listOrdersInputSchema.safeParse({ status: 'draft' }).success).toBe(false);
    expect(listOrdersInputSchema.parse({}).status).toBe('submitted');
  });
});
