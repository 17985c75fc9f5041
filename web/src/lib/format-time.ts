/** Dates and times as the admin lists show them, in the browser's language and time zone. */

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 4.35],
  ['year', 12],
];

/**
 * Made once, on first use: building a formatter costs about a millisecond (toLocaleString builds one per
 * call), and a list formats a date per row on every render, before the page can paint.
 */
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** "just now", "5 minutes ago", "3 days ago"... for a ms timestamp (spec 3 lastActivity). */
export function relativeTime(ms: number, now = Date.now()): string {
  let amount = (now - ms) / 1000;
  if (amount < 60) return 'just now';
  amount /= 60;
  const format = (relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
  for (let i = 0; i < RELATIVE_STEPS.length; i++) {
    const [unit] = RELATIVE_STEPS[i]!;
    const nextStep = RELATIVE_STEPS[i + 1];
    if (!nextStep || amount < nextStep[1]) return format.format(-Math.floor(amount), unit);
    amount /= nextStep[1];
  }
  return format.format(-Math.floor(amount), 'year');
}

/** A full date and time, e.g. for a title attribute or a submitted-at line. */
export function dateTime(value: number | string): string {
  const date = new Date(value);
  // What toLocaleString answers for a date it cannot read (the formatter itself would throw).
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(
    date,
  );
}

let shortDayFormat: Intl.DateTimeFormat | undefined;

/**
 * A day on the lab's calendar ('YYYY-MM-DD') as a promise reads it: "Tue, Dec 8". The day is a name, not an
 * instant, so it is written out in UTC, where its midnight is that same day (never a day off in the browser's zone).
 */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (shortDayFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })).format(date);
}

/** A whole hour of the day as people say it: 16 reads "4 PM", 0 "12 AM". */
export function hourForPeople(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The US time zones by their IANA names, with the names people use (the lab's calendar offers these). */
export const US_ZONE_NAMES: Readonly<Record<string, string>> = {
  'America/New_York': 'Eastern',
  'America/Chicago': 'Central',
  'America/Denver': 'Mountain',
  'America/Phoenix': 'Arizona',
  'America/Los_Angeles': 'Pacific',
  'America/Anchorage': 'Alaska',
  'Pacific/Honolulu': 'Hawaii',
};

/** A time zone as people name it: "Eastern" for America/New_York; another zone by its own name. */
export function zoneForPeople(timeZone: string): string {
  return US_ZONE_NAMES[timeZone] ?? `${timeZone.replace(/_/g, ' ')} time`;
}
