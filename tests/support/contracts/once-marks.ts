import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OnceMarks } from '../../../lambdas/ports/once-marks';

/**
 * The OnceMarks rules the in-memory fake (tests/support/money-email-fakes.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * Keys are unique to the run (the tokens table is shared).
 */
export function onceMarksContract(label: string, make: () => OnceMarks) {
  describe(`${label}: the once-marks contract`, () => {
    const expiresAt = new Date(Date.UTC(2030, 0, 1));
    const key = () => `contract-once#${randomUUID()}`;

    it('the first mark of a key reports it placed the mark; every later one reports it was already there', async () => {
      const marks = make();
      const once = key();
      expect(await marks.markOnce(once, expiresAt)).toBe(true);
      expect(await marks.markOnce(once, expiresAt)).toBe(false);
      expect(await marks.markOnce(once, new Date(Date.UTC(2031, 0, 1)))).toBe(false);
    });

    it('keys are marked independently', async () => {
      const marks = make();
      const [a, b] = [key(), key()];
      expect(await marks.markOnce(a, expiresAt)).toBe(true);
      expect(await marks.markOnce(b, expiresAt)).toBe(true);
    });

    it('of marks of one key made at the same moment, exactly one reports it placed the mark', async () => {
      const marks = make();
      const once = key();
      const placed = await Promise.all(Array.from({ length: 5 }, () => marks.markOnce(once, expiresAt)));
      expect(placed.filter(Boolean)).toHaveLength(1);
    });
  });
}
