/**
 * Calendar days ('YYYY-MM-DD') and time zones, with the platform only: a day is a name on the lab's wall
 * calendar, not an instant, so day arithmetic runs on whole day numbers and never meets a DST change; only
 * turning an instant into the lab's local day and hour needs the zone (Intl.DateTimeFormat).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * An IANA name (America/New_York, UTC, Etc/GMT+5). Newer engines also take offsets such as "+05:00", which
 * have no DST rules of their own and read differently across browsers and Node: refused by their first sign.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** True for a real day written 'YYYY-MM-DD' (2026-02-29 is not one). */
export function isCalendarDay(value: string): boolean {
  return dayNumberOrNull(value) !== null;
}

function dayNumberOrNull(value: string): number | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const same = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return same ? Math.round(date.getTime() / DAY_MS) : null;
}

/** Days since 1970-01-01 of a calendar day; a RangeError for anything that is not one. */
export function dayNumber(day: string): number {
  const n = dayNumberOrNull(day);
  if (n === null) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return n;
}

/** The calendar day of a day number. */
export function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday ... 6 Saturday, for a day number (1970-01-01 was a Thursday). */
export function weekdayOf(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

const newFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    // h23, not hour12: false, which some engines print as 24 at midnight.
    hourCycle: 'h23',
  });

/**
 * Formatters of the zones days are read in, kept: building one costs far more than using it. Only zones a
 * calendar was saved with come here; names still being checked (any spelling a request sends) are not kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = newFormatter(timeZone);
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name Intl knows (an IANA name such as America/New_York). */
export function isTimeZone(value: string): boolean {
  if (!ZONE_NAME.test(value)) return false;
  try {
    newFormatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The name Intl uses for a zone (america/new_york is America/New_York), so one zone is stored one way. */
export function canonicalTimeZone(timeZone: string): string {
  return newFormatter(timeZone).resolvedOptions().timeZone;
}

/** The local calendar day and hour (0-23) of an instant in a time zone. */
export function localDayAndHour(instant: Date, timeZone: string): { day: string; hour: number } {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Not a valid time');
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const year = String(parts.year).padStart(4, '0');
  return { day: `${year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The local calendar day of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return localDayAndHour(instant, timeZone).day;
}

let peopleDays: Intl.DateTimeFormat | undefined;

/**
 * A calendar day as people read it in an email or on a page: "Tuesday, December 8, 2026". The day is a name on
 * the lab's calendar, so it is written out in UTC, where its midnight is that same day.
 */
export function dayForPeople(day: string): string {
  peopleDays ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return peopleDays.format(new Date(dayNumber(day) * DAY_MS));
}
