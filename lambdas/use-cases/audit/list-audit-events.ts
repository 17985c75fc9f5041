import { FORM_MESSAGES } from '../../../core/messages';
import type * as z from '../../../core/zod';
import { invalidArgument } from '../../../core/errors';
import {
  AUDIT_DEFAULT_RANGE_DAYS,
  AUDIT_MAX_RANGE_DAYS,
  type AuditEvent,
  type listAuditEventsInputSchema,
} from '../../../core/schemas/audit';
import type { AuditLogReader } from '../../ports/audit-log';
import type { Clock } from '../../kernel/clock';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const AUDIT_RANGE_MESSAGES = {
  order: FORM_MESSAGES.startAfterEnd,
  tooLong: `Choose at most ${AUDIT_MAX_RANGE_DAYS} days.`,
} as const;

/**
 * `listAuditEvents` (super admins, the Audit page): newest first. Without dates, the last 30 days up to today
 * (UTC); `from` alone runs to today, `to` alone covers the 30 days up to it. At most a year (and a day) at
 * once, so an unfiltered listing stays a bounded number of day Queries.
 */
export async function listAuditEvents(
  input: z.output<typeof listAuditEventsInputSchema>,
  deps: { audit: AuditLogReader; now: Clock['now'] },
): Promise<{ items: AuditEvent[]; nextCursor: string | null }> {
  const today = dayOf(deps.now().getTime());
  const to = input.to ?? today;
  const from = input.from ?? dayOf(msOf(to) - (AUDIT_DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  if (from > to) throw invalidArgument(AUDIT_RANGE_MESSAGES.order, { from: [AUDIT_RANGE_MESSAGES.order] });
  if ((msOf(to) - msOf(from)) / DAY_MS + 1 > AUDIT_MAX_RANGE_DAYS)
    throw invalidArgument(AUDIT_RANGE_MESSAGES.tooLong, { from: [AUDIT_RANGE_MESSAGES.tooLong] });
  return deps.audit.list({
    actorEmail: input.user ? input.user.toLowerCase() : undefined,
    accountNumber: input.accountNumber,
    action: input.action,
    from,
    to,
    limit: input.limit,
    cursor: input.cursor,
  });
}
