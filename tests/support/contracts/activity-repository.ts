import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserActivity } from '../../../core/schemas/activity';
import type { ActivityRepository } from '../../../lambdas/ports/activity-repository';
import { ACTIVITY_T0, activityReport } from '../activity-report';

const T0 = ACTIVITY_T0;

/** A userActivity record as putActivity stores it, for a user unique to the run (the table is shared). */
function activityRecord(overrides: Partial<UserActivity> = {}): UserActivity {
  const userId = overrides.userId ?? randomUUID();
  return {
    ...(activityReport(T0) as Omit<UserActivity, 'userId' | 'userEmail' | 'userRole' | 'lastSync'>),
    userId,
    userEmail: `${userId.slice(0, 8)}@contract.test`,
    userRole: 'customer',
    lastSync: T0,
    ...overrides,
  };
}

const noThrottle = { syncedNoLaterThan: null };

/**
 * The ActivityRepository rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter
 * both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 */
export function activityRepositoryContract(label: string, make: () => ActivityRepository) {
  describe(`${label}: the activity repository contract`, () => {
    it('a first save is written whatever the throttle says, and get answers it; an unknown user reads as null', async () => {
      const activity = make();
      const record = activityRecord();
      expect(await activity.save(record, { syncedNoLaterThan: 0 })).toBe(true);
      expect(await activity.get(record.userId)).toEqual(record);
      expect(await activity.get(randomUUID())).toBeNull();
    });

    it('activity time never goes backwards: an older last activity is refused, the same or a newer one written', async () => {
      const activity = make();
      const record = activityRecord();
      await activity.save(record, noThrottle);
      expect(await activity.save({ ...record, lastActivity: T0 - 1, status: 'idle' }, noThrottle)).toBe(false);
      expect(await activity.get(record.userId)).toEqual(record);
      const same = { ...record, status: 'idle' as const, lastSync: T0 + 5 };
      expect(await activity.save(same, noThrottle)).toBe(true);
      const newer = { ...record, lastActivity: T0 + 10, lastSync: T0 + 10 };
      expect(await activity.save(newer, noThrottle)).toBe(true);
      expect(await activity.get(record.userId)).toEqual(newer);
    });

    it('the throttle writes only over a record last synced at or before syncedNoLaterThan', async () => {
      const activity = make();
      const record = activityRecord({ lastSync: T0 });
      await activity.save(record, noThrottle);
      const next = { ...record, lastActivity: T0 + 20_000, lastSync: T0 + 20_000 };
      expect(await activity.save(next, { syncedNoLaterThan: T0 - 1 })).toBe(false);
      expect(await activity.get(record.userId)).toEqual(record);
      expect(await activity.save(next, { syncedNoLaterThan: T0 })).toBe(true);
      expect(await activity.get(record.userId)).toEqual(next);
    });

    it('lastActivities answers the last activity of each user with a record and leaves the others out', async () => {
      const activity = make();
      const [a, b] = [activityRecord({ lastActivity: T0 + 1 }), activityRecord({ lastActivity: T0 + 2 })];
      await activity.save(a, noThrottle);
      await activity.save(b, noThrottle);
      const unknown = randomUUID();
      expect(await activity.lastActivities([a.userId, unknown, b.userId])).toEqual(
        new Map([
          [a.userId, T0 + 1],
          [b.userId, T0 + 2],
        ]),
      );
      expect((await activity.lastActivities([])).size).toBe(0);
    });

    it('delete removes the record, and deleting a user without one is no error', async () => {
      const activity = make();
      const record = activityRecord();
      await activity.save(record, noThrottle);
      await activity.delete(record.userId);
      expect(await activity.get(record.userId)).toBeNull();
      await activity.delete(randomUUID());
      expect(await activity.save({ ...record, lastActivity: T0 - 1000 }, noThrottle)).toBe(true);
    });
  });
}
