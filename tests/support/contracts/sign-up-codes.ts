import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PendingSignUpCode, SignUpCodes } from '../../../lambdas/ports/sign-up-codes';

/**
 * The SignUpCodes rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter both keep:
 * run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * Emails are unique to the run (the tokens table is shared).
 */
export function signUpCodesContract(label: string, make: () => SignUpCodes) {
  describe(`${label}: the sign-up codes contract`, () => {
    const pending = (overrides: Partial<PendingSignUpCode> = {}): PendingSignUpCode => ({
      email: `contract-${randomUUID()}@codes.test`,
      userId: randomUUID(),
      codeHash: 'a'.repeat(64),
      expiresAt: 1_900_000_000,
      attemptsLeft: 2,
      ...overrides,
    });

    it('answers what was put, and nothing for an email without a code', async () => {
      const codes = make();
      const code = pending();
      await codes.put(code);
      expect(await codes.peek(code.email)).toEqual(code);
      expect(await codes.peek(pending().email)).toBeNull();
      expect(await codes.useAttempt(pending().email)).toBeNull();
    });

    it('each try uses one of the tries left and answers the code as it was; none is left, then null', async () => {
      const codes = make();
      const code = pending({ attemptsLeft: 2 });
      await codes.put(code);
      expect(await codes.useAttempt(code.email)).toEqual(code);
      expect(await codes.useAttempt(code.email)).toEqual({ ...code, attemptsLeft: 1 });
      expect(await codes.useAttempt(code.email)).toBeNull();
      expect((await codes.peek(code.email))?.attemptsLeft).toBe(0);
    });

    it('tries made at the same moment use no more than the tries left', async () => {
      const codes = make();
      const code = pending({ attemptsLeft: 3 });
      await codes.put(code);
      const tries = await Promise.all(Array.from({ length: 8 }, () => codes.useAttempt(code.email)));
      expect(tries.filter(Boolean)).toHaveLength(3);
    });

    it('a new code replaces the earlier one with its tries; remove leaves none', async () => {
      const codes = make();
      const code = pending({ attemptsLeft: 1 });
      await codes.put(code);
      await codes.useAttempt(code.email);
      const next = { ...code, codeHash: 'b'.repeat(64), attemptsLeft: 5 };
      await codes.put(next);
      expect(await codes.peek(code.email)).toEqual(next);
      await codes.remove(code.email);
      expect(await codes.peek(code.email)).toBeNull();
    });
  });
}
