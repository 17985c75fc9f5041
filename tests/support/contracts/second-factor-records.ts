import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SecondFactorRecords } from '../../../lambdas/ports/second-factor-records';

const AT = 1_741_000_000;

/**
 * The SecondFactorRecords rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter
 * both keep (docs/decisions/0101-staff-second-factor-recorded.md): run from tests/unit/lambdas/contracts/ports.test.ts
 * (fake) and tests/integration/port-contracts.test.ts. User ids are unique to the run (the tokens table is shared).
 */
export function secondFactorRecordsContract(label: string, make: () => SecondFactorRecords) {
  describe(`${label}: the second-factor records contract`, () => {
    it('a user never recorded reads as null; a recorded change reads back', async () => {
      const records = make();
      const userId = randomUUID();
      expect(await records.latest(userId)).toBeNull();
      await records.record(userId, { changedAt: AT, totp: true });
      expect(await records.latest(userId)).toEqual({ changedAt: AT, totp: true });
      expect(await records.latest(randomUUID())).toBeNull();
    });

    it('a later change replaces an earlier one; an earlier one arriving late does not, and is not an error', async () => {
      const records = make();
      const userId = randomUUID();
      await records.record(userId, { changedAt: AT, totp: true });
      await records.record(userId, { changedAt: AT + 60, totp: false });
      await records.record(userId, { changedAt: AT + 30, totp: true });
      expect(await records.latest(userId)).toEqual({ changedAt: AT + 60, totp: false });
    });

    it('a set-up first seen is recorded for a user never recorded, and after a recorded removal', async () => {
      const records = make();
      const fresh = randomUUID();
      expect(await records.recordSetUpSeen(fresh, AT)).toEqual({ changedAt: AT, totp: true });
      expect(await records.latest(fresh)).toEqual({ changedAt: AT, totp: true });
      const removed = randomUUID();
      await records.record(removed, { changedAt: AT, totp: false });
      expect(await records.recordSetUpSeen(removed, AT + 60)).toEqual({ changedAt: AT + 60, totp: true });
      expect(await records.latest(removed)).toEqual({ changedAt: AT + 60, totp: true });
    });

    it('a set-up seen later never replaces one already recorded, and answers the recorded one', async () => {
      const records = make();
      const userId = randomUUID();
      await records.record(userId, { changedAt: AT, totp: true });
      expect(await records.recordSetUpSeen(userId, AT + 60)).toEqual({ changedAt: AT, totp: true });
      expect(await records.latest(userId)).toEqual({ changedAt: AT, totp: true });
    });
  });
}
