import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SessionRevocations } from '../../../lambdas/ports/session-revocations';

const AT = 1_741_000_000;
const EXPIRES = AT + 3600;

/**
 * The SessionRevocations rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter
 * both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * User ids are unique to the run (the tokens table is shared).
 */
export function sessionRevocationsContract(label: string, make: () => SessionRevocations) {
  describe(`${label}: the session revocations contract`, () => {
    it('a user never revoked reads as null; a revocation reads back as its time', async () => {
      const revocations = make();
      const userId = randomUUID();
      expect(await revocations.revokedAt(userId)).toBeNull();
      await revocations.revoke(userId, AT, EXPIRES);
      expect(await revocations.revokedAt(userId)).toBe(AT);
      expect(await revocations.revokedAt(randomUUID())).toBeNull();
    });

    it('a later revocation replaces an earlier one', async () => {
      const revocations = make();
      const userId = randomUUID();
      await revocations.revoke(userId, AT, EXPIRES);
      await revocations.revoke(userId, AT + 60, EXPIRES + 60);
      expect(await revocations.revokedAt(userId)).toBe(AT + 60);
    });

    it('an earlier revocation arriving late never replaces a later one, and is not an error', async () => {
      const revocations = make();
      const userId = randomUUID();
      await revocations.revoke(userId, AT + 60, EXPIRES + 60);
      await revocations.revoke(userId, AT, EXPIRES);
      expect(await revocations.revokedAt(userId)).toBe(AT + 60);
    });

    it('an ended session reads as ended; another session of the same user does not (docs/decisions/0019-sign-out-per-device.md)', async () => {
      const revocations = make();
      const ended = randomUUID();
      expect(await revocations.sessionEnded(ended)).toBe(false);
      await revocations.endSession(ended, EXPIRES);
      expect(await revocations.sessionEnded(ended)).toBe(true);
      expect(await revocations.sessionEnded(randomUUID())).toBe(false);
    });
  });
}
