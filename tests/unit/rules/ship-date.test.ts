import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayFromNumber, dayNumber, localDayAndHour, weekdayOf } from '../../../core/rules/calendar-days';
import {
  addBusinessDays,
  businessDaysBetween,
  CALENDAR_MESSAGES,
  checkShippingCalendar,
  DEFAULT_LEAD_DAYS,
  DEFAULT_SHIPPING_CALENDAR,
  isBusinessDay,
  isCalendarDay,
  leadDaysOf,
  localDay,
  onTimeRate,
  promiseDates,
  promiseState,
  usFederalHolidaysIn,
  workStartDay,
  type PromiseDatesInput,
} from '../../../core/rules/ship-date';
import { LENS_TYPES } from '../../../core/schemas/lenses';
import { SHIPPING_METHODS } from '../../../core/schemas/orders';
import { shippingCalendarSchema, type ShippingCalendar } from '../../../core/schemas/shipping-calendar';

/**
 * The promise the order form makes (docs/architecture.md "The domain in brief", order life): work starts on
 * the day an order is placed when the lab's clock is before the cut-off on a business day, else on the next
 * business day; it ships after the slowest lens's lead plus a day per surface treatment, and arrives after the
 * method's transit, all counted in the lab's business days (Monday to Friday less its holidays).
 */

const NY = DEFAULT_SHIPPING_CALENDAR;
const at = (iso: string) => new Date(iso);
const inZone = (timeZone: string): ShippingCalendar => ({ ...NY, timeZone });

const promise = (placedAt: string, overrides: Partial<PromiseDatesInput> = {}) =>
  promiseDates({
    placedAt: at(placedAt),
    leadDays: 5,
    surfaceTreatments: 0,
    method: 'standard',
    calendar: NY,
    ...overrides,
  });

describe('calendar days', () => {
  it('a calendar day is a real day written YYYY-MM-DD', () => {
    for (const day of ['2026-01-01', '2028-02-29', '2027-12-31', '0099-06-15']) expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-05', '20260105', '', '2026-01-01T00:00'])
      expect(isCalendarDay(day)).toBe(false);
  });

  it('an instant is named by its day in the lab zone, not in UTC', () => {
    // 02:30 UTC on Tuesday is still Monday evening in New York and Honolulu, and already Tuesday in Tokyo.
    const instant = at('2026-03-10T02:30:00Z');
    expect(localDay(instant, 'America/New_York')).toBe('2026-03-09');
    expect(localDay(instant, 'Pacific/Honolulu')).toBe('2026-03-09');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-03-10');
    expect(localDay(instant, 'UTC')).toBe('2026-03-10');
  });

  it("New York's clock jumps an hour on its DST days, and the local day and hour follow it", () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT (07:00 UTC). 2026-11-01: 02:00 EDT becomes 01:00 EST (06:00 UTC).
    expect(localDayAndHour(at('2026-03-08T06:59:00Z'), 'America/New_York')).toEqual({ day: '2026-03-08', hour: 1 });
    expect(localDayAndHour(at('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({ day: '2026-03-08', hour: 3 });
    expect(localDayAndHour(at('2026-11-01T05:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', hour: 1 });
    expect(localDayAndHour(at('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', hour: 1 });
    expect(localDayAndHour(at('2026-11-02T04:59:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', hour: 23 });
  });

  it('midnight is hour 0, never 24', () => {
    expect(localDayAndHour(at('2026-06-02T04:00:00Z'), 'America/New_York')).toEqual({ day: '2026-06-02', hour: 0 });
  });

  it('an invalid instant or day is refused rather than read as some other day', () => {
    expect(() => localDay(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
    expect(() => isBusinessDay('2026-02-30', NY)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-01-05', 1.5, NY)).toThrow(RangeError);
  });
});

/** The federal holidays of a year, worked out from the statute's rules (an oracle apart from the list). */
function federalHolidays(year: number): string[] {
  const ymd = (month: number, day: number) =>
    dayNumber(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  const nth = (month: number, weekday: number, n: number) => {
    const first = ymd(month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  };
  const last = (month: number, weekday: number) => {
    const lastDay = ymd(month + 1, 1) - 1;
    return lastDay - ((weekdayOf(lastDay) - weekday + 7) % 7);
  };
  const observed = (day: number) => (weekdayOf(day) === 6 ? day - 1 : weekdayOf(day) === 0 ? day + 1 : day);
  return [
    observed(ymd(1, 1)),
    nth(1, 1, 3),
    nth(2, 1, 3),
    last(5, 1),
    observed(ymd(6, 19)),
    observed(ymd(7, 4)),
    nth(9, 1, 1),
    nth(10, 1, 2),
    observed(ymd(11, 11)),
    nth(11, 4, 4),
    observed(ymd(12, 25)),
  ].map(dayFromNumber);
}

describe('business days', () => {
  it("the default calendar's holidays are the US federal holidays of 2026 and 2027, on their observed days", () => {
    const newYear2028 = dayFromNumber(dayNumber('2028-01-01') - 1);
    expect(newYear2028).toBe('2027-12-31');
    expect([...NY.holidays].sort()).toEqual([...federalHolidays(2026), ...federalHolidays(2027), newYear2028].sort());
    expect(NY.holidays).toContain('2026-07-03');
    expect(NY.holidays).toContain('2027-07-05');
    expect(NY.holidays).toContain('2026-11-26');
  });

  it('the default calendar is a New York lab with a 4 pm cut-off and 3, 2 and 1 transit days', () => {
    expect(NY).toMatchObject({ timeZone: 'America/New_York', cutoffHour: 16 });
    expect(NY.transitDays).toEqual({ standard: 3, express: 2, overnight: 1 });
    expect(checkShippingCalendar(NY)).toEqual({ ok: true, calendar: NY });
  });

  it('business days are Monday to Friday less the holidays', () => {
    expect(isBusinessDay('2026-06-01', NY)).toBe(true); // Monday
    expect(isBusinessDay('2026-06-05', NY)).toBe(true); // Friday
    expect(isBusinessDay('2026-06-06', NY)).toBe(false); // Saturday
    expect(isBusinessDay('2026-06-07', NY)).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-26', NY)).toBe(false); // Thanksgiving
    expect(isBusinessDay('2026-11-27', NY)).toBe(true); // the Friday after is a working day
    expect(isBusinessDay('2026-11-26', { holidays: [] })).toBe(true);
  });

  it('counting business days skips weekends and holidays, forwards and back', () => {
    expect(addBusinessDays('2026-06-05', 1, NY)).toBe('2026-06-08'); // Friday -> Monday
    expect(addBusinessDays('2026-06-06', 1, NY)).toBe('2026-06-08'); // Saturday -> Monday
    expect(addBusinessDays('2026-06-06', 0, NY)).toBe('2026-06-06'); // no days: the day itself
    expect(addBusinessDays('2026-11-25', 1, NY)).toBe('2026-11-27'); // over Thanksgiving
    expect(addBusinessDays('2026-06-08', -1, NY)).toBe('2026-06-05'); // Monday back to Friday
    expect(addBusinessDays('2026-06-07', -1, NY)).toBe('2026-06-05'); // Sunday back to Friday
    expect(businessDaysBetween('2026-06-05', '2026-06-08', NY)).toBe(1);
    expect(businessDaysBetween('2026-06-08', '2026-06-05', NY)).toBe(-1);
    expect(businessDaysBetween('2026-06-06', '2026-06-07', NY)).toBe(0);
    expect(businessDaysBetween('2026-11-20', '2026-11-30', NY)).toBe(5); // Mon 23-Wed 25, Fri 27, Mon 30
  });

  it('adding n business days and counting back between the two days gives n', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: dayNumber('2025-06-01'), max: dayNumber('2028-06-01') }),
        fc.integer({ min: -40, max: 40 }),
        (n, days) => {
          const day = dayFromNumber(n);
          const moved = addBusinessDays(day, days, NY);
          expect(businessDaysBetween(day, moved, NY)).toBe(days);
          if (days !== 0) expect(isBusinessDay(moved, NY)).toBe(true);
        },
      ),
    );
  });
});

describe('the day work starts', () => {
  it('an order placed on a business day before the cut-off starts that day', () => {
    // Tuesday 2026-06-02, 15:59 EDT.
    expect(workStartDay(at('2026-06-02T19:59:00Z'), NY)).toBe('2026-06-02');
  });

  it('an order placed at the cut-off hour or after starts the next business day', () => {
    expect(workStartDay(at('2026-06-02T20:00:00Z'), NY)).toBe('2026-06-03'); // 16:00 EDT sharp
    expect(workStartDay(at('2026-06-02T23:30:00Z'), NY)).toBe('2026-06-03'); // 19:30 EDT
    expect(workStartDay(at('2026-06-05T20:00:00Z'), NY)).toBe('2026-06-08'); // Friday 16:00 -> Monday
  });

  it('an order placed at a weekend starts on Monday', () => {
    expect(workStartDay(at('2026-06-06T14:00:00Z'), NY)).toBe('2026-06-08');
    expect(workStartDay(at('2026-06-07T14:00:00Z'), NY)).toBe('2026-06-08');
  });

  it('an order placed on a holiday starts on the next business day, even before the cut-off', () => {
    // Friday 2026-07-03 is Independence Day observed; 10:00 EDT.
    expect(workStartDay(at('2026-07-03T14:00:00Z'), NY)).toBe('2026-07-06');
    // Thanksgiving morning.
    expect(workStartDay(at('2026-11-26T15:00:00Z'), NY)).toBe('2026-11-27');
    // The evening before a holiday skips it too: Thursday 2026-07-02, 17:00 EDT.
    expect(workStartDay(at('2026-07-02T21:00:00Z'), NY)).toBe('2026-07-06');
  });

  it('the cut-off follows New York DST: 20:30 UTC is before it in winter time and after it in summer time', () => {
    // Friday 2026-03-06 is still EST (UTC-5): 20:30 UTC is 15:30, before 16:00.
    expect(workStartDay(at('2026-03-06T20:30:00Z'), NY)).toBe('2026-03-06');
    // Monday 2026-03-09, the first business day of EDT (UTC-4): 20:30 UTC is 16:30.
    expect(workStartDay(at('2026-03-09T20:30:00Z'), NY)).toBe('2026-03-10');
    expect(workStartDay(at('2026-03-09T19:59:00Z'), NY)).toBe('2026-03-09');
    // And back: Friday 2026-10-30 is EDT (20:30 UTC is 16:30), Monday 2026-11-02 EST (15:30).
    expect(workStartDay(at('2026-10-30T20:30:00Z'), NY)).toBe('2026-11-02');
    expect(workStartDay(at('2026-11-02T20:30:00Z'), NY)).toBe('2026-11-02');
  });

  it("the cut-off is the lab's local hour in its own zone", () => {
    // Monday 2026-03-09 23:30 UTC: 19:30 in New York, 16:30 in Los Angeles, 13:30 in Honolulu.
    const placed = at('2026-03-09T23:30:00Z');
    expect(workStartDay(placed, NY)).toBe('2026-03-10');
    expect(workStartDay(placed, inZone('America/Los_Angeles'))).toBe('2026-03-10');
    expect(workStartDay(placed, inZone('Pacific/Honolulu'))).toBe('2026-03-09');
    // Tuesday 02:30 UTC is still Monday 16:30 in Honolulu (no DST there): after the cut-off, so Tuesday.
    expect(workStartDay(at('2026-03-10T02:30:00Z'), inZone('Pacific/Honolulu'))).toBe('2026-03-10');
    expect(workStartDay(at('2026-03-10T01:30:00Z'), inZone('Pacific/Honolulu'))).toBe('2026-03-09');
  });

  it('a cut-off hour of 0 starts every order on the next business day', () => {
    const midnight = { ...NY, cutoffHour: 0 };
    expect(workStartDay(at('2026-06-02T04:00:00Z'), midnight)).toBe('2026-06-03'); // 00:00 EDT
  });
});

describe('promised dates', () => {
  it('ships the lead in business days after the start, and arrives the transit after that', () => {
    // Monday 2026-06-01 10:00 EDT: day 0 is Monday; 5 business days on is Monday 06-08.
    expect(promise('2026-06-01T14:00:00Z')).toEqual({
      workStart: '2026-06-01',
      shipBy: '2026-06-08',
      arriveBy: '2026-06-11',
    });
    expect(promise('2026-06-01T14:00:00Z', { method: 'express' }).arriveBy).toBe('2026-06-10');
    expect(promise('2026-06-01T14:00:00Z', { method: 'overnight' }).arriveBy).toBe('2026-06-09');
  });

  it('each surface treatment adds one business day to the ship date', () => {
    expect(promise('2026-06-01T14:00:00Z', { surfaceTreatments: 1 }).shipBy).toBe('2026-06-09');
    expect(promise('2026-06-01T14:00:00Z', { surfaceTreatments: 2 }).shipBy).toBe('2026-06-10');
  });

  it('Thanksgiving neither ships nor counts as a transit day', () => {
    // Friday 2026-11-20 10:00 EST, GP lead 3: Mon 23, Tue 24, Wed 25 -> ships Wednesday; transit 3 skips Thursday.
    expect(promise('2026-11-20T15:00:00Z', { leadDays: 3 })).toEqual({
      workStart: '2026-11-20',
      shipBy: '2026-11-25',
      arriveBy: '2026-12-01',
    });
  });

  it('Independence Day observed on Friday 2026-07-03 and on Monday 2027-07-05 are skipped', () => {
    // Wednesday 2026-07-01 10:00 EDT, lead 2: Thu 07-02, (Fri 07-03 observed), Mon 07-06.
    expect(promise('2026-07-01T14:00:00Z', { leadDays: 2 }).shipBy).toBe('2026-07-06');
    // Thursday 2027-07-01 10:00 EDT, lead 1: Fri 07-02; overnight skips Monday 07-05 and arrives Tuesday.
    expect(promise('2027-07-01T14:00:00Z', { leadDays: 1, method: 'overnight' })).toEqual({
      workStart: '2027-07-01',
      shipBy: '2027-07-02',
      arriveBy: '2027-07-06',
    });
  });

  it('an order placed over the year-end holidays of 2027 starts after the observed New Year', () => {
    // Thursday 2027-12-23 17:00 EST: after the cut-off; Friday 12-24 and Friday 12-31 are holidays.
    expect(promise('2027-12-23T22:00:00Z', { leadDays: 3 })).toMatchObject({
      workStart: '2027-12-27',
      shipBy: '2027-12-30',
    });
  });

  it('no lead ships on the start day', () => {
    expect(promise('2026-06-06T14:00:00Z', { leadDays: 0 })).toMatchObject({
      workStart: '2026-06-08',
      shipBy: '2026-06-08',
    });
  });

  it('a lead or a treatment count that is not a whole number of at least 0 is refused', () => {
    expect(() => promise('2026-06-01T14:00:00Z', { leadDays: -1 })).toThrow(RangeError);
    expect(() => promise('2026-06-01T14:00:00Z', { surfaceTreatments: 0.5 })).toThrow(RangeError);
  });

  it('an order waits for its slowest lens: the default leads per lens type', () => {
    expect(DEFAULT_LEAD_DAYS).toEqual({ scleral: 5, 'corneal-gp': 3, 'custom-soft': 7, 'ortho-k': 5, hybrid: 7 });
    expect(Object.keys(DEFAULT_LEAD_DAYS).sort()).toEqual([...LENS_TYPES].sort());
    expect(leadDaysOf(['corneal-gp'])).toBe(3);
    expect(leadDaysOf(['corneal-gp', 'scleral'])).toBe(5);
    expect(leadDaysOf(['scleral', 'custom-soft'])).toBe(7);
    expect(leadDaysOf(['scleral'], { ...DEFAULT_LEAD_DAYS, scleral: 9 })).toBe(9);
  });

  const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London'];

  it('the ship-by and arrive-by days are always business days, at the lead after the start', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2025-12-01T00:00:00Z'), max: at('2027-12-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...SHIPPING_METHODS),
        (placedAt, timeZone, cutoffHour, leadDays, surfaceTreatments, method) => {
          const calendar = { ...NY, timeZone, cutoffHour };
          const dates = promiseDates({ placedAt, leadDays, surfaceTreatments, method, calendar });
          const placedDay = localDay(placedAt, timeZone);
          expect(isBusinessDay(dates.workStart, calendar)).toBe(true);
          expect(isBusinessDay(dates.shipBy, calendar)).toBe(true);
          expect(isBusinessDay(dates.arriveBy, calendar)).toBe(true);
          expect(dates.workStart >= placedDay).toBe(true);
          expect(dates.shipBy >= dates.workStart).toBe(true);
          expect(businessDaysBetween(dates.workStart, dates.shipBy, calendar)).toBe(leadDays + surfaceTreatments);
          expect(businessDaysBetween(dates.shipBy, dates.arriveBy, calendar)).toBe(calendar.transitDays[method]);
        },
      ),
    );
  });
});

describe('keeping the promise', () => {
  const state = (today: string, shippedOn: string | null = null, atRiskDays?: number) =>
    promiseState({
      shipBy: '2026-06-10',
      shippedOn,
      today,
      calendar: NY,
      ...(atRiskDays === undefined ? {} : { atRiskDays }),
    });

  it('an unshipped order is on time until it is within a business day of its ship-by day', () => {
    expect(state('2026-06-05')).toBe('on-time'); // Friday: 3 business days left
    expect(state('2026-06-08')).toBe('on-time'); // Monday: 2 left
    expect(state('2026-06-09')).toBe('at-risk'); // Tuesday: 1 left
    expect(state('2026-06-10')).toBe('at-risk'); // the day itself
    expect(state('2026-06-08', null, 2)).toBe('at-risk');
  });

  it('the at-risk window counts business days, so a weekend does not hide a Monday ship date', () => {
    const monday = (today: string) => promiseState({ shipBy: '2026-06-08', today, calendar: NY });
    expect(monday('2026-06-04')).toBe('on-time'); // Thursday: 2 business days
    expect(monday('2026-06-05')).toBe('at-risk'); // Friday: 1
    expect(monday('2026-06-06')).toBe('at-risk'); // Saturday: 1
  });

  it('an unshipped order is late from the day after its ship-by day', () => {
    expect(state('2026-06-11')).toBe('late');
  });

  it('a shipped order is on time when it left on or before the day, else late', () => {
    expect(state('2026-06-20', '2026-06-09')).toBe('shipped-on-time');
    expect(state('2026-06-20', '2026-06-10')).toBe('shipped-on-time');
    expect(state('2026-06-20', '2026-06-11')).toBe('late');
    expect(state('2026-06-01', '2026-06-02')).toBe('shipped-on-time');
  });

  it('the on-time rate counts the orders shipped in the window, on time or not, and none is no rate', () => {
    const orders = [
      { shipBy: '2026-06-10', shippedOn: '2026-06-10' }, // on time
      { shipBy: '2026-06-10', shippedOn: '2026-06-12' }, // late
      { shipBy: '2026-06-15', shippedOn: '2026-06-12' }, // early
      { shipBy: '2026-06-01', shippedOn: '2026-05-29' }, // before the window
      { shipBy: '2026-06-30', shippedOn: '2026-07-01' }, // after it
      { shipBy: '2026-06-05', shippedOn: null }, // not shipped: not counted, even though it is late
    ];
    expect(onTimeRate(orders, '2026-06-01', '2026-06-30')).toEqual({ shipped: 3, onTime: 2, rate: 2 / 3 });
    expect(onTimeRate(orders, '2026-06-10', '2026-06-10')).toEqual({ shipped: 1, onTime: 1, rate: 1 });
    expect(onTimeRate(orders, '2026-08-01', '2026-08-31')).toEqual({ shipped: 0, onTime: 0, rate: null });
  });
});

describe('US federal holidays offered to the lab', () => {
  it("a known year's holidays are its observed weekdays, New Year's Day of the next year included when observed in it", () => {
    const days = usFederalHolidaysIn(2027);
    expect(days).toHaveLength(12);
    expect(days.every((day) => day.startsWith('2027-') && isBusinessDay(day, { holidays: [] }))).toBe(true);
    expect(days).toContain('2027-12-31');
    expect(usFederalHolidaysIn(2026)).not.toContain('2027-12-31');
  });

  it('a year the rules do not know has none (nothing is guessed)', () => {
    expect(usFederalHolidaysIn(2031)).toEqual([]);
  });
});

describe('the shipping calendar a lab saves', () => {
  const valid = {
    timeZone: 'America/Chicago',
    cutoffHour: 15,
    holidays: ['2026-12-25', '2026-07-03', '2026-11-26'],
    transitDays: { standard: 4, express: 2, overnight: 1 },
  };

  it('is stored tidy: holidays in date order and the zone as Intl names it', () => {
    const parsed = shippingCalendarSchema.parse({ ...valid, timeZone: ' america/chicago ' });
    expect(parsed).toEqual({ ...valid, holidays: ['2026-07-03', '2026-11-26', '2026-12-25'] });
    expect(checkShippingCalendar({ ...valid, timeZone: 'america/chicago' })).toEqual({ ok: true, calendar: parsed });
  });

  it('refuses a zone Intl does not know, or an offset in place of a zone', () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', 'EST5EDT!', '']) {
      const result = shippingCalendarSchema.safeParse({ ...valid, timeZone });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['timeZone'], message: CALENDAR_MESSAGES.timeZone(timeZone) }),
      ]);
    }
    expect(checkShippingCalendar({ ...valid, timeZone: 'Mars/Olympus_Mons' })).toEqual({
      ok: false,
      problems: [
        { field: 'timeZone', message: '"Mars/Olympus_Mons" is not a time zone: use a name such as America/New_York.' },
      ],
    });
  });

  it('refuses a holiday that is not a real day, naming its place in the list', () => {
    const result = shippingCalendarSchema.safeParse({ ...valid, holidays: ['2026-07-03', '2026-02-30'] });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['holidays', 1],
        message: '"2026-02-30" is not a day: write holidays as YYYY-MM-DD.',
      }),
    ]);
  });

  it('refuses a holiday listed twice, once however often it repeats', () => {
    const holidays = ['2026-07-03', '2026-12-25', '2026-07-03', '2026-07-03'];
    const result = shippingCalendarSchema.safeParse({ ...valid, holidays });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['holidays'], message: '2026-07-03 is listed twice.' }),
    ]);
  });

  it('refuses more than 200 holidays, a cut-off outside 0-23 and transit days outside 0-30', () => {
    const many = Array.from({ length: 201 }, (_, i) => dayFromNumber(dayNumber('2026-01-01') + i));
    expect(shippingCalendarSchema.safeParse({ ...valid, holidays: many }).error?.issues[0]?.message).toBe(
      'At most 200 holidays.',
    );
    for (const cutoffHour of [-1, 24, 15.5])
      expect(shippingCalendarSchema.safeParse({ ...valid, cutoffHour }).error?.issues[0]?.message).toBe(
        CALENDAR_MESSAGES.cutoffHour,
      );
    const slow = shippingCalendarSchema.safeParse({ ...valid, transitDays: { ...valid.transitDays, standard: 31 } });
    expect(slow.error?.issues[0]).toMatchObject({
      path: ['transitDays', 'standard'],
      message: 'Transit days for standard shipping are a whole number from 0 to 30.',
    });
    expect(shippingCalendarSchema.safeParse({ ...valid, transitDays: { standard: 3, express: 2 } }).success).toBe(
      false,
    );
  });

  it('the default calendar passes its own schema unchanged', () => {
    expect(shippingCalendarSchema.parse(NY)).toEqual(NY);
  });
});
