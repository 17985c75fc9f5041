import { NOTIFICATION_EVENTS, type NotificationChoice } from './notification-events';

/**
 * The daily digest: one email a day listing what a practice user chose to hear about once a day. A day's
 * digest holds what was raised since the previous day's cutoff (13:00 UTC: morning in the Americas, afternoon
 * in Europe); the job runs a few minutes after it (core/jobs.ts), so what was raised just before is in the
 * index it reads.
 */
export const DIGEST_CUTOFF_HOUR_UTC = 13;

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day (YYYY-MM-DD, UTC) whose digest lists what was raised at `at`: today's before the cutoff, else tomorrow's. */
export function digestDayOf(at: Date): string {
  return dayText(at.getTime() + (24 - DIGEST_CUTOFF_HOUR_UTC) * 3_600_000);
}

/**
 * The digests a run at `now` sends: the latest day whose cutoff has passed, and the day before it, so a run
 * missed (a failed job, a deploy at the wrong minute) is caught up by the next one. A run before the cutoff
 * never sends the day still filling.
 */
export function digestDaysDue(now: Date): [string, string] {
  const latest = digestDayOf(now);
  const latestDue = dayText(Date.parse(`${latest}T00:00:00Z`) - DAY_MS);
  return [dayText(Date.parse(`${latestDue}T00:00:00Z`) - DAY_MS), latestDue];
}

/** What the digest shows of one inbox item. */
export interface DigestLine {
  eventId: string;
  title: string;
  createdAt: string;
}

export interface DigestGroup {
  eventId: string;
  label: string;
  lines: DigestLine[];
}

/**
 * The digest's content: the items of the events the user chose as a digest, grouped by event in the
 * catalogue's order (the order Settings shows), each group oldest first. Items of other events (the choice
 * changed since they were raised) are left out; an empty answer means no email.
 */
export function groupDigest(
  lines: readonly DigestLine[],
  choices: Readonly<Record<string, NotificationChoice>>,
): DigestGroup[] {
  return NOTIFICATION_EVENTS.filter((event) => choices[event.id] === 'digest')
    .map((event) => ({
      eventId: event.id,
      label: event.label,
      lines: lines.filter((line) => line.eventId === event.id).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    }))
    .filter((group) => group.lines.length > 0);
}

/** The groups as the email's plain-text list: a heading per event, a line per item. */
export function digestListText(groups: readonly DigestGroup[]): string {
  return groups
    .map((group) => [`${group.label} (${group.lines.length})`, ...group.lines.map((l) => `- ${l.title}`)].join('\n'))
    .join('\n\n');
}

/** "1 update" / "3 updates": the count the subject shows. */
export const digestCountText = (groups: readonly DigestGroup[]): string => {
  const count = groups.reduce((n, g) => n + g.lines.length, 0);
  return `${count} ${count === 1 ? 'update' : 'updates'}`;
};
