import type { GetMyActivityOutput } from '../../../core/schemas/activity';
import type { Identity } from '../../auth/verify-token';
import type { ActivityRepository } from '../../ports/activity-repository';

/** The caller's own stored activity record, for the startup and tab-visibility checks (spec 4). */
export async function getMyActivity(
  caller: Identity,
  activity: Pick<ActivityRepository, 'get'>,
): Promise<GetMyActivityOutput> {
  return { activity: await activity.get(caller.userId) };
}
