import { SESSION } from '../../../core/constants';
import { roleFromGroups } from '../../../core/rules/auth-status';
import type * as z from '../../../core/zod';
import type { PutActivityOutput, putActivityInputSchema, UserActivity } from '../../../core/schemas/activity';
import type { Identity } from '../../auth/verify-token';
import type { ActivityRepository } from '../../ports/activity-repository';
import type { Clock } from '../../kernel/clock';

/**
 * Stores the caller's own activity record (spec 3). Who it belongs to comes from the verified token only,
 * never from the body. spec 7, 9: at most one write per 30 s per user, whatever the number of tabs, except
 * `immediate` writes (login, Continue Session). A last-activity time from the future is cut to now.
 */
export async function putActivity(
  caller: Identity,
  input: z.output<typeof putActivityInputSchema>,
  deps: { activity: Pick<ActivityRepository, 'save'>; now: Clock['now'] },
): Promise<PutActivityOutput> {
  const now = deps.now().getTime();
  const { immediate, ...report } = input;
  const record: UserActivity = {
    ...report,
    lastActivity: Math.min(report.lastActivity, now),
    userId: caller.userId,
    userEmail: caller.email,
    userRole: roleFromGroups(caller.groups),
    lastSync: now,
  };
  const written = await deps.activity.save(record, {
    syncedNoLaterThan: immediate ? null : now - SESSION.activityMinWriteIntervalMs,
  });
  return { written, lastSync: written ? now : null };
}
