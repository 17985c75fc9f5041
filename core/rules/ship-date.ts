import type { LensType } from '../schemas/lenses';
import {
  canonicalTimeZone,
  dayFromNumber,
  dayNumber,
  isCalendarDay,
  isTimeZone,
  localDayAndHour,
  weekdayOf,
} from './calendar-days';

export { dayForPeople, isCalendarDay, localDay } from './calendar-days';

/**
 * The dates the order form promises before a practice submits (ship by, arrive by) and how the lab kept them.
 * Every date is a day on the lab's own calendar ('YYYY-MM-DD' in the calendar's time zone); business days are
 * Monday to Friday less the lab's holidays. Time comes in as an argument: nothing here reads the clock.
 */

import type { PromiseState, ShippingMethod } from './shipping-methods';

export { PROMISE_STATE_LABELS, PROMISE_STATES, SHIPPING_METHODS } from './shipping-methods';
export type { PromiseState, ShippingMethod } from './shipping-methods';

/**
 * A lab's shipping calendar (stored and edited through core/schemas/shipping-calendar.ts, which checks it with the
 * rules below): the zone its days are named in, the lab-local hour after which an order placed today starts on
 * the next business day, its holidays ('YYYY-MM-DD') and the business days each shipping method takes.
 */
export interface ShippingCalendar {
  timeZone: string;
  cutoffHour: number;
  holidays: string[];
  transitDays: { standard: number; express: number; overnight: number };
}

/** Bounds of a lab's shipping calendar (the schema and checkShippingCalendar both read them). */
export const SHIPPING_CALENDAR_LIMITS = {
  holidays: 200,
  /** Business days in transit for one method: more than a month is a typo. */
  transitDays: 30,
} as const;

/**
 * US federal holidays on the days they are observed (a Saturday holiday on the Friday before, a Sunday one on
 * the Monday after), 2026 and 2027; New Year's Day 2028 is a Saturday, so it is observed on 2027-12-31.
 */
const US_FEDERAL_HOLIDAYS_2026_2027 = [
  '2026-01-01', // New Year's Day
  '2026-01-19', // Birthday of Martin Luther King, Jr.
  '2026-02-16', // Washington's Birthday
  '2026-05-25', // Memorial Day
  '2026-06-19', // Juneteenth
  '2026-07-03', // Independence Day (July 4 is a Saturday)
  '2026-09-07', // Labor Day
  '2026-10-12', // Columbus Day
  '2026-11-11', // Veterans Day
  '2026-11-26', // Thanksgiving Day
  '2026-12-25', // Christmas Day
  '2027-01-01', // New Year's Day
  '2027-01-18', // Birthday of Martin Luther King, Jr.
  '2027-02-15', // Washington's Birthday
  '2027-05-31', // Memorial Day
  '2027-06-18', // Juneteenth (June 19 is a Saturday)
  '2027-07-05', // Independence Day (July 4 is a Sunday)
  '2027-09-06', // Labor Day
  '2027-10-11', // Columbus Day
  '2027-11-11', // Veterans Day
  '2027-11-25', // Thanksgiving Day
  '2027-12-24', // Christmas Day (December 25 is a Saturday)
  '2027-12-31', // New Year's Day 2028 (a Saturday)
];

/**
 * The US federal holidays these rules know that are observed in `year` (New Year's Day 2028 is observed in 2027);
 * empty for a year they do not know. The lab's settings page offers them, so nobody types them in by hand.
 */
export function usFederalHolidaysIn(year: number): string[] {
  return US_FEDERAL_HOLIDAYS_2026_2027.filter((day) => day.startsWith(`${year}-`));
}

/** A lab's calendar until it sets its own: an East Coast lab that ships what is ready by 4 pm. */
export const DEFAULT_SHIPPING_CALENDAR: ShippingCalendar = {
  timeZone: 'America/New_York',
  cutoffHour: 16,
  holidays: US_FEDERAL_HOLIDAYS_2026_2027,
  transitDays: { standard: 3, express: 2, overnight: 1 },
};

/** Business days of lab work per lens type, from the day work starts (typical custom-lens lab lead times). */
export const DEFAULT_LEAD_DAYS: Record<LensType, number> = {
  scleral: 5,
  'corneal-gp': 3,
  'custom-soft': 7,
  'ortho-k': 5,
  hybrid: 7,
};

/** Each surface treatment (plasma, a coating) is a step of its own after the lathe: one more business day. */
export const SURFACE_TREATMENT_DAYS = 1;

/** An order waits for its slowest lens: the largest lead of its lines' types (0 for no lines). */
export function leadDaysOf(types: readonly LensType[], leadDays: Record<LensType, number> = DEFAULT_LEAD_DAYS): number {
  return types.reduce((slowest, type) => Math.max(slowest, leadDays[type]), 0);
}

/** The order parameter that names a lens's surface treatment; 'none' (or no value) is no treatment. */
export const SURFACE_TREATMENT_PARAMETER = 'surfaceTreatment';

/** What the lead of one order line is read from: its design (as snapshotted on the line) and its values. */
export interface LeadLine {
  design: { type: LensType; leadDays?: number | undefined };
  parameters: Readonly<Record<string, number | string>>;
}

/** True when a line asks for a surface treatment (a value set that is not 'none'). */
export function hasSurfaceTreatment(line: Pick<LeadLine, 'parameters'>): boolean {
  const value = line.parameters[SURFACE_TREATMENT_PARAMETER];
  return value !== undefined && value !== '' && value !== 'none';
}

/**
 * The lead of an order: its slowest line's, where a line takes its design's own lead (else the type's default)
 * plus SURFACE_TREATMENT_DAYS when it is treated. The lenses of one order are made side by side, so the order
 * waits for the slowest, not for their sum. Answered in promiseDates' terms (0 and 0 for no lines).
 */
export function orderLeadOf(lines: readonly LeadLine[]): { leadDays: number; surfaceTreatments: number } {
  let slowest = { leadDays: 0, surfaceTreatments: 0 };
  const total = (lead: typeof slowest) => lead.leadDays + lead.surfaceTreatments * SURFACE_TREATMENT_DAYS;
  for (const line of lines) {
    const lead = {
      leadDays: line.design.leadDays ?? DEFAULT_LEAD_DAYS[line.design.type],
      surfaceTreatments: hasSurfaceTreatment(line) ? 1 : 0,
    };
    if (total(lead) > total(slowest)) slowest = lead;
  }
  return slowest;
}

/** What the lab admin reads about a calendar that cannot be saved (the schema's field checks say the same). */
export const CALENDAR_MESSAGES = {
  timeZone: (zone: string) => `"${zone}" is not a time zone: use a name such as America/New_York.`,
  cutoffHour: 'The cut-off hour is a whole hour from 0 to 23.',
  transitDays: (method: string) =>
    `Transit days for ${method} shipping are a whole number from 0 to ${SHIPPING_CALENDAR_LIMITS.transitDays}.`,
  tooManyHolidays: `At most ${SHIPPING_CALENDAR_LIMITS.holidays} holidays.`,
  notADay: (day: string) => `"${day.slice(0, 20)}" is not a day: write holidays as YYYY-MM-DD.`,
  listedTwice: (day: string) => `${day} is listed twice.`,
} as const;

/** One thing wrong with a shipping calendar: the field it concerns and what the lab admin reads. */
export interface CalendarProblem {
  field: keyof ShippingCalendar;
  message: string;
}

/** The days a list names more than once, each once, in the order they first repeat. */
export function repeatedDays(days: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const day of days) {
    if (seen.has(day)) repeated.add(day);
    seen.add(day);
  }
  return [...repeated];
}

const isWhole = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;

/**
 * What is wrong with a shipping calendar, or its tidy form: the zone as Intl names it (america/new_york is
 * America/New_York) and the holidays in date order, so one calendar is stored one way.
 */
export function checkShippingCalendar(
  calendar: ShippingCalendar,
): { ok: true; calendar: ShippingCalendar } | { ok: false; problems: CalendarProblem[] } {
  const problems: CalendarProblem[] = [];
  const problem = (field: keyof ShippingCalendar, message: string) => problems.push({ field, message });
  if (!isTimeZone(calendar.timeZone)) problem('timeZone', CALENDAR_MESSAGES.timeZone(calendar.timeZone));
  if (!isWhole(calendar.cutoffHour, 23)) problem('cutoffHour', CALENDAR_MESSAGES.cutoffHour);
  for (const [method, days] of Object.entries(calendar.transitDays)) {
    if (!isWhole(days, SHIPPING_CALENDAR_LIMITS.transitDays))
      problem('transitDays', CALENDAR_MESSAGES.transitDays(method));
  }
  if (calendar.holidays.length > SHIPPING_CALENDAR_LIMITS.holidays)
    problem('holidays', CALENDAR_MESSAGES.tooManyHolidays);
  for (const day of calendar.holidays) if (!isCalendarDay(day)) problem('holidays', CALENDAR_MESSAGES.notADay(day));
  for (const day of repeatedDays(calendar.holidays)) problem('holidays', CALENDAR_MESSAGES.listedTwice(day));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    calendar: { ...calendar, timeZone: canonicalTimeZone(calendar.timeZone), holidays: [...calendar.holidays].sort() },
  };
}

function isBusinessDayNumber(n: number, calendar: Pick<ShippingCalendar, 'holidays'>): boolean {
  const weekday = weekdayOf(n);
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.includes(dayFromNumber(n));
}

/** Monday to Friday and not one of the lab's holidays. */
export function isBusinessDay(day: string, calendar: Pick<ShippingCalendar, 'holidays'>): boolean {
  return isBusinessDayNumber(dayNumber(day), calendar);
}

/**
 * The business day `n` business days after `day` (before it, for a negative `n`); `day` itself for 0, even
 * when it is not a business day. From a Saturday, 1 business day on is the Monday.
 */
export function addBusinessDays(day: string, n: number, calendar: Pick<ShippingCalendar, 'holidays'>): string {
  if (!Number.isInteger(n)) throw new RangeError(`Business days are whole: ${n}`);
  let cursor = dayNumber(day);
  const step = Math.sign(n);
  for (let left = Math.abs(n); left > 0;) {
    cursor += step;
    if (isBusinessDayNumber(cursor, calendar)) left -= 1;
  }
  return dayFromNumber(cursor);
}

/**
 * How many business days `to` is after `from`: the business days in (from, to], or minus those in [to, from)
 * when `to` is earlier. The inverse of addBusinessDays: businessDaysBetween(a, addBusinessDays(a, n)) is n.
 */
export function businessDaysBetween(from: string, to: string, calendar: Pick<ShippingCalendar, 'holidays'>): number {
  const [a, b] = [dayNumber(from), dayNumber(to)];
  let count = 0;
  if (a <= b) {
    for (let n = a + 1; n <= b; n += 1) if (isBusinessDayNumber(n, calendar)) count += 1;
    return count;
  }
  for (let n = b; n < a; n += 1) if (isBusinessDayNumber(n, calendar)) count += 1;
  return -count;
}

/**
 * The day work on an order starts (its day 0): the day it was placed, in the lab's zone, when that is a
 * business day and the lab's clock is before the cut-off hour; else the next business day.
 */
export function workStartDay(placedAt: Date, calendar: ShippingCalendar): string {
  const { day, hour } = localDayAndHour(placedAt, calendar.timeZone);
  if (hour < calendar.cutoffHour && isBusinessDay(day, calendar)) return day;
  return addBusinessDays(day, 1, calendar);
}

export interface PromiseDatesInput {
  placedAt: Date;
  /** The slowest line's lead, in business days (leadDaysOf). */
  leadDays: number;
  /** Surface treatments on the order, each SURFACE_TREATMENT_DAYS more. */
  surfaceTreatments: number;
  method: ShippingMethod;
  calendar: ShippingCalendar;
}

export interface PromiseDates {
  /** Day 0 of the work (workStartDay). */
  workStart: string;
  /** The lab ships on or before this business day. */
  shipBy: string;
  /** The parcel arrives on or before this business day (its transit counted in business days). */
  arriveBy: string;
}

/** The dates the order form promises: ship by (start + lead + treatments) and arrive by (+ transit). */
export function promiseDates(input: PromiseDatesInput): PromiseDates {
  for (const [name, value] of [
    ['Lead days', input.leadDays],
    ['Surface treatments', input.surfaceTreatments],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} are a whole number of at least 0`);
  }
  const { calendar } = input;
  const workStart = workStartDay(input.placedAt, calendar);
  const shipBy = addBusinessDays(
    workStart,
    input.leadDays + input.surfaceTreatments * SURFACE_TREATMENT_DAYS,
    calendar,
  );
  const arriveBy = addBusinessDays(shipBy, calendar.transitDays[input.method], calendar);
  return { workStart, shipBy, arriveBy };
}

/**
 * The last day an order may ship under a ship guarantee of `businessDays`: that many business days after the day
 * its work started (workStartDay of when it was placed). Shipped after it, the guarantee is missed.
 */
export function guaranteeShipBy(placedAt: Date, businessDays: number, calendar: ShippingCalendar): string {
  return addBusinessDays(workStartDay(placedAt, calendar), businessDays, calendar);
}

/**
 * Where an order stands against its ship-by day. Not shipped: late once today is past it, at risk when it is
 * at most `atRiskDays` business days away (the day itself included), else on time. Shipped: on time when it
 * left on or before the day, else late.
 */
export function promiseState(input: {
  shipBy: string;
  shippedOn?: string | null;
  today: string;
  calendar: Pick<ShippingCalendar, 'holidays'>;
  atRiskDays?: number;
}): PromiseState {
  const { shipBy, shippedOn, today, calendar, atRiskDays = 1 } = input;
  dayNumber(shipBy);
  if (shippedOn) return dayNumber(shippedOn) <= dayNumber(shipBy) ? 'shipped-on-time' : 'late';
  if (dayNumber(today) > dayNumber(shipBy)) return 'late';
  return businessDaysBetween(today, shipBy, calendar) <= atRiskDays ? 'at-risk' : 'on-time';
}

/**
 * The lab's on-time record over the orders shipped from `fromDay` to `toDay` (both included): how many shipped,
 * how many on or before their ship-by day, and the share (null when none shipped, not 0 or 100%).
 */
export function onTimeRate(
  orders: readonly { shipBy: string; shippedOn?: string | null }[],
  fromDay: string,
  toDay: string,
): { shipped: number; onTime: number; rate: number | null } {
  const [from, to] = [dayNumber(fromDay), dayNumber(toDay)];
  let shipped = 0;
  let onTime = 0;
  for (const order of orders) {
    if (!order.shippedOn) continue;
    const on = dayNumber(order.shippedOn);
    if (on < from || on > to) continue;
    shipped += 1;
    if (on <= dayNumber(order.shipBy)) onTime += 1;
  }
  return { shipped, onTime, rate: shipped === 0 ? null : onTime / shipped };
}
