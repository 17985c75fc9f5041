import { SESSION } from '../constants';
import type { ActivityReport } from '../schemas/user-activity';

export type ActivityStatus = ActivityReport['status'];

/** The statuses of a session that is still open: 'inactive' means signed out or expired. */
export const OPEN_SESSION_STATUSES = ['active', 'idle'] as const satisfies readonly ActivityStatus[];

export const isOpenSession = (record: { status: ActivityStatus }): boolean =>
  (OPEN_SESSION_STATUSES as readonly ActivityStatus[]).includes(record.status);

/**
 * The activity status (spec 3 names the three values but not their meaning; docs/decisions/0009-activity-record.md):
 * 'inactive' once the session ended or expired, 'idle' when the last activity is older than one sync
 * period, 'active' otherwise. The browser reports it; the admin dashboard applies it again with its own clock,
 * since a record can be up to a sync period old.
 */
export function activityStatus(
  lastActivity: number,
  now: number,
  sessionEnded: boolean,
  idleAfterMs: number = SESSION.activitySyncMs,
): ActivityStatus {
  if (sessionEnded) return 'inactive';
  return now - lastActivity > idleAfterMs ? 'idle' : 'active';
}
