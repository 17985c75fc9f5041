import type { UserActivity } from '../../core/schemas/activity';

/** Who is using the portal now (admin dashboard), read from the userActivity table's byStatus index. */
export interface ActiveUsers {
  /**
   * Activity records of open sessions (last reported 'active' or 'idle'; a signed-out or expired session
   * reported 'inactive') whose last activity is at or after `sinceMs`, most recent first.
   */
  since(sinceMs: number, limit: number): Promise<UserActivity[]>;
}
