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
