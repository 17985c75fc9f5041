import { describe, expect, it } from 'vitest';
import { businessMillisBetween, consultAge } from '../../../core/rules/consult-age';
import { CONSULT_ANSWER_TARGET_BUSINESS_DAYS } from '../../../core/schemas/consults';

// 2026-03-02 is a Monday.
const at = (iso: string) => new Date(iso);

describe('consultAge: business time (Monday to Friday, UTC days) against the one-business-day answer target', () => {
  it('the target is one business day', () => {
    expect(CONSULT_ANSWER_TARGET_BUSINESS_DAYS).toBe(1);
  });

  it('under an hour reads "under 1 h"', () => {
    expect(consultAge('2026-03-02T09:00:00.000Z', at('2026-03-02T09:59:59.000Z'))).toEqual({
      businessHours: 0,
      overdue: false,
      label: 'under 1 h',
    });
  });

  it('whole business hours within a day read "3 h"', () => {
    expect(consultAge('2026-03-02T09:00:00.000Z', at('2026-03-02T12:30:00.000Z'))).toMatchObject({
      businessHours: 3,
      label: '3 h',
    });
  });

  it('exactly 24 business hours is not overdue; a second more is', () => {
    const sent = '2026-03-02T09:00:00.000Z';
    expect(consultAge(sent, at('2026-03-03T09:00:00.000Z'))).toEqual({
      businessHours: 24,
      overdue: false,
      label: '1 business day',
    });
    expect(consultAge(sent, at('2026-03-03T09:00:01.000Z')).overdue).toBe(true);
  });

  it('reads "1 business day 4 h" past a day', () => {
    expect(consultAge('2026-03-02T09:00:00.000Z', at('2026-03-03T13:00:00.000Z')).label).toBe('1 business day 4 h');
    expect(consultAge('2026-03-02T09:00:00.000Z', at('2026-03-04T10:00:00.000Z')).label).toBe('2 business days 1 h');
  });

  it('a request sent on Saturday is not overdue on Monday morning: the weekend does not count', () => {
    const age = consultAge('2026-03-07T10:00:00.000Z', at('2026-03-09T09:00:00.000Z'));
    expect(age).toEqual({ businessHours: 9, overdue: false, label: '9 h' });
  });

  it('a request sent on Friday afternoon counts Friday and Monday only', () => {
    const age = consultAge('2026-03-06T16:00:00.000Z', at('2026-03-09T17:00:00.000Z'));
    // Friday 16:00-24:00 (8 h) + Monday 00:00-17:00 (17 h).
    expect(age).toMatchObject({ businessHours: 25, overdue: true, label: '1 business day 1 h' });
  });

  it('a whole week is five business days', () => {
    expect(businessMillisBetween(at('2026-03-02T00:00:00.000Z'), at('2026-03-09T00:00:00.000Z'))).toBe(
      5 * 24 * 60 * 60 * 1000,
    );
  });

  it('a clock behind the request, or an unreadable time, counts as no wait', () => {
    expect(consultAge('2026-03-02T09:00:00.000Z', at('2026-03-02T08:00:00.000Z'))).toMatchObject({
      businessHours: 0,
      overdue: false,
    });
    expect(consultAge('not a date', at('2026-03-02T08:00:00.000Z')).businessHours).toBe(0);
  });
});
