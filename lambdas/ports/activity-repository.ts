import type { UserActivity } from '../../core/schemas/activity';

export interface SaveActivityOptions {
  /** Only write when the stored record was last synced at or before this time (ms); null: no throttle. */
  syncedNoLaterThan: number | null;
}

export interface ActivityRepository {
  get(userId: string): Promise<UserActivity | null>;
  /**
   * Writes the record unless the throttle refuses it or the stored last activity is more recent (activity
   * time never goes backwards). Answers whether it was written.
   */
  save(record: UserActivity, options: SaveActivityOptions): Promise<boolean>;
  /** Last activity (ms) of each of these users that has a record. */
  lastActivities(userIds: string[]): Promise<Map<string, number>>;
  delete(userId: string): Promise<void>;
}
