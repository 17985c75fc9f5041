import { describe, expect, it } from 'vitest';
import { dateTime, relativeTime } from '../../web/src/lib/format-time';

describe('dates as the lists show them', () => {
  it('dateTime reads as the browser formats a medium date and short time, for each value it is given', () => {
    const expected = (value: number | string) =>
      new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    for (const value of [0, 1_700_000_000_000, '2026-11-24T07:00:00Z', 1_800_000_000_000]) {
      expect(dateTime(value)).toBe(expected(value));
    }
    expect(dateTime(1_700_000_000_000)).not.toBe(dateTime(1_800_000_000_000));
  });

  it('dateTime answers "Invalid Date" for a value that is no date, as toLocaleString does', () => {
    expect(dateTime('not a date')).toBe('Invalid Date');
    expect(dateTime(Number.NaN)).toBe('Invalid Date');
  });

  it('relativeTime counts back from now in the largest whole unit', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    expect(relativeTime(now - 30_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe(format.format(-5, 'minute'));
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe(format.format(-3, 'hour'));
    expect(relativeTime(now - 3 * 86_400_000, now)).toBe(format.format(-3, 'day'));
  });
});
