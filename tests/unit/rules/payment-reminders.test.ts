import { describe, expect, it } from 'vitest';
import { reminderDayDue, reminderMarkKey, reminderWhen } from '../../../core/rules/payment-reminders';
import { DEFAULT_BILLING_SETTINGS } from '../../../core/schemas/billing-settings';

const DAYS = DEFAULT_BILLING_SETTINGS.reminderDays;
const owed = { dueDate: '2026-12-15', status: 'open' as const, balanceCents: 40_850 };

describe('payment reminder schedule (docs/decisions/0110-payment-reminders-and-the-finance-charge.md)', () => {
  it('the defaults are 7 days before the due date, the due date, and 7 and 30 days after', () => {
    expect(DAYS).toEqual([-7, 0, 7, 30]);
  });

  it.each([
    ['2026-12-07', null],
    ['2026-12-08', -7],
    ['2026-12-14', -7],
    ['2026-12-15', 0],
    ['2026-12-21', 0],
    ['2026-12-22', 7],
    ['2027-01-13', 7],
    ['2027-01-14', 30],
    ['2027-06-01', 30],
  ])('on %s an unpaid invoice due 2026-12-15 is at reminder day %s', (today, day) => {
    expect(reminderDayDue(owed, DAYS, today)).toBe(day);
  });

  it('a day the job missed sends only the latest reached reminder, never the earlier ones too', () => {
    expect(reminderDayDue(owed, DAYS, '2027-03-01')).toBe(30);
  });

  it('nothing is due for a paid, void or fully credited invoice', () => {
    expect(reminderDayDue({ ...owed, status: 'paid', balanceCents: 0 }, DAYS, '2026-12-22')).toBeNull();
    expect(reminderDayDue({ ...owed, status: 'void' }, DAYS, '2026-12-22')).toBeNull();
    expect(reminderDayDue({ ...owed, status: 'partially-paid', balanceCents: 0 }, DAYS, '2026-12-22')).toBeNull();
  });

  it('a partly paid invoice is still reminded of what it owes', () => {
    expect(reminderDayDue({ ...owed, status: 'partially-paid', balanceCents: 100 }, DAYS, '2026-12-22')).toBe(7);
  });

  it('no reminder days: no reminders', () => {
    expect(reminderDayDue(owed, [], '2027-06-01')).toBeNull();
  });

  it('each invoice and reminder day has its own once-mark', () => {
    expect(reminderMarkKey('INV-1', -7)).toBe('payment-reminder#INV-1#-7');
    expect(reminderMarkKey('INV-1', 7)).not.toBe(reminderMarkKey('INV-1', -7));
  });

  it('names the day for people', () => {
    expect([-7, -1, 0, 1, 30].map(reminderWhen)).toEqual([
      'due in 7 days',
      'due in 1 day',
      'due today',
      '1 day past due',
      '30 days past due',
    ]);
  });
});
