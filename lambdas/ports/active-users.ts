import type { UserActivity } from '../../core/schemas/user-activity';

/** Who is using the portal now (admin dashboard), read from the userActivity table's byStatus index. */
export interface ActiveUsers {
  /** Activity records whose last activity is at or after `sinceMs`, most recent first. */
  since(sinceMs: number, limit: number): Promise<UserActivity[]>;
}
