import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../../lambdas/ports/rate-limiter';

/**
 * The start of a 60-second window (a whole minute), in the future: the counters expire by TTL a minute after
 * their window, and DynamoDB Local deletes expired items while a test runs, which restarted a count mid-test.
 */
const WINDOW_START = Date.UTC(2100, 2, 3, 10, 0, 0);
const LIMIT = 3;
const WINDOW_SECONDS = 60;

/**
 * The RateLimiter rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * `make` takes the clock the limiter reads. Keys are unique to the run (the tokens table is shared).
 */
export function rateLimiterContract(label: string, make: (now: () => number) => RateLimiter) {
  describe(`${label}: the rate limiter contract`, () => {
    const world = () => {
      const clock = { now: WINDOW_START };
      return { clock, limiter: make(() => clock.now), key: `contract#${randomUUID()}` };
    };
    const attempts = async (limiter: RateLimiter, key: string, count: number) => {
      const answers: boolean[] = [];
      for (let i = 0; i < count; i++) answers.push(await limiter.consume(key, LIMIT, WINDOW_SECONDS));
      return answers;
    };

    it('allows `limit` attempts in a window and refuses every one after them', async () => {
      const { clock, limiter, key } = world();
      expect(await attempts(limiter, key, LIMIT)).toEqual([true, true, true]);
      clock.now = WINDOW_START + WINDOW_SECONDS * 1000 - 1;
      expect(await attempts(limiter, key, 2)).toEqual([false, false]);
    });

    it('keys are counted apart: one key at its limit leaves another untouched', async () => {
      const { limiter, key } = world();
      await attempts(limiter, key, LIMIT + 1);
      expect(await limiter.consume(`${key}-other`, LIMIT, WINDOW_SECONDS)).toBe(true);
    });

    it('windows are fixed, not sliding: the count starts over at the next window boundary', async () => {
      const { clock, limiter, key } = world();
      clock.now = WINDOW_START + (WINDOW_SECONDS - 1) * 1000;
      expect(await attempts(limiter, key, LIMIT + 1)).toEqual([true, true, true, false]);
      clock.now = WINDOW_START + WINDOW_SECONDS * 1000;
      expect(await attempts(limiter, key, LIMIT + 1)).toEqual([true, true, true, false]);
    });

    it('attempts at the same moment never overshoot the limit', async () => {
      const { limiter, key } = world();
      const answers = await Promise.all(
        Array.from({ length: LIMIT + 3 }, () => limiter.consume(key, LIMIT, WINDOW_SECONDS)),
      );
      expect(answers.filter(Boolean)).toHaveLength(LIMIT);
    });
  });
}
