const UNITS: ReadonlyArray<[string, number]> = [
  ['year', 365 * 24 * 60],
  ['month', 30 * 24 * 60],
  ['week', 7 * 24 * 60],
  ['day', 24 * 60],
  ['hour', 60],
  ['minute', 1],
];

/**
 * How long an order has waited, in its largest whole unit ("3 days", "1 hour"); the queue shows a duration
 * rather than "3 days ago" because the lab reads it as "how late are we", not "when".
 */
export function waitingTime(sinceIso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(sinceIso)) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return 'under a minute';
  for (const [unit, size] of UNITS) {
    const amount = Math.floor(minutes / size);
    if (amount >= 1) return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
  }
  return 'under a minute';
}
