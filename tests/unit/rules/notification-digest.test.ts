import { describe, expect, it } from 'vitest';
import {
  digestCountText,
  digestDayOf,
  digestDaysDue,
  digestListText,
  groupDigest,
  type DigestLine,
} from '../../../core/rules/notification-digest';
import { effectiveChoices } from '../../../core/rules/notification-events';

const line = (eventId: string, title: string, createdAt: string): DigestLine => ({ eventId, title, createdAt });

describe('the daily digest (core/rules/notification-digest.ts)', () => {
  it('something raised before 13:00 UTC is in that day’s digest, from 13:00 in the next day’s', () => {
    expect(digestDayOf(new Date('2026-12-02T12:59:59.999Z'))).toBe('2026-12-02');
    expect(digestDayOf(new Date('2026-12-02T13:00:00.000Z'))).toBe('2026-12-03');
    expect(digestDayOf(new Date('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01');
  });

  it('a run sends the latest day whose cutoff passed and the day before; never the day still filling', () => {
    expect(digestDaysDue(new Date('2026-12-02T13:05:00Z'))).toEqual(['2026-12-01', '2026-12-02']);
    expect(digestDaysDue(new Date('2026-12-02T09:00:00Z'))).toEqual(['2026-11-30', '2026-12-01']);
    expect(digestDaysDue(new Date('2026-03-01T13:05:00Z'))).toEqual(['2026-02-28', '2026-03-01']);
  });

  it('groups the items of the events chosen as a digest, in the catalog’s order, each oldest first', () => {
    const choices = effectiveChoices('practice', { 'order-approved': 'digest', 'invoice-issued': 'digest' });
    const groups = groupDigest(
      [
        line('invoice-issued', 'Invoice INV-7 issued', '2026-12-02T10:00:00.000Z'),
        line('order-approved', 'Order LL-2 approved', '2026-12-02T11:00:00.000Z'),
        line('order-approved', 'Order LL-1 approved', '2026-12-02T09:00:00.000Z'),
        // Its event is not a digest any more (the choice changed since): left out.
        line('order-shipped', 'Order LL-3 shipped', '2026-12-02T08:00:00.000Z'),
      ],
      choices,
    );
    expect(groups.map((g) => [g.label, g.lines.map((l) => l.title)])).toEqual([
      ['Order approved', ['Order LL-1 approved', 'Order LL-2 approved']],
      ['Invoice issued', ['Invoice INV-7 issued']],
    ]);
    expect(digestCountText(groups)).toBe('3 updates');
    expect(digestListText(groups)).toBe(
      'Order approved (2)\n- Order LL-1 approved\n- Order LL-2 approved\n\nInvoice issued (1)\n- Invoice INV-7 issued',
    );
  });

  it('nothing of a digest event means no group, and no groups means no email', () => {
    const choices = effectiveChoices('practice', { 'order-approved': 'digest' });
    expect(groupDigest([line('order-shipped', 'x', '2026-12-02T08:00:00.000Z')], choices)).toEqual([]);
    expect(digestCountText(groupDigest([line('order-approved', 'x', '2026-12-02T08:00:00.000Z')], choices))).toBe(
      '1 update',
    );
  });
});
