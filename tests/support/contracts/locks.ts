import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LockBusy, type Locks } from '../../../lambdas/ports/locks';
import { refusalOf } from './contract-helpers';

/**
 * A whole second, so the adapter's seconds and the clock the test moves agree exactly; in the future, so
 * DynamoDB Local's TTL never deletes a lock the test still holds.
 */
const T0 = Date.UTC(2100, 2, 3, 10, 0, 0);
const TTL_SECONDS = 10;

/**
 * The Locks rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter both keep:
 * run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * `make` takes the clock the lock reads; every caller in a test goes through the one instance it answers, as
 * two Lambdas share the table. Lock names are unique to the run (the tokens table is shared).
 */
export function locksContract(label: string, make: (now: () => number) => Locks) {
  describe(`${label}: the locks contract`, () => {
    const world = () => {
      const clock = { now: T0 };
      return { clock, locks: make(() => clock.now), name: `contract-${randomUUID()}` };
    };

    it('withLock runs the step and answers its result, and the lock is free again once it is done', async () => {
      const { locks, name } = world();
      expect(await locks.withLock(name, TTL_SECONDS, async () => 'first')).toBe('first');
      expect(await locks.withLock(name, TTL_SECONDS, async () => 'second')).toBe('second');
    });

    it('while the lock is held, another caller is refused with LockBusy and its step never runs; other names stay free', async () => {
      const { locks, name } = world();
      let ranInside = false;
      const inside = await locks.withLock(name, TTL_SECONDS, async () => {
        const busy = await refusalOf(locks.withLock(name, TTL_SECONDS, async () => (ranInside = true)));
        const other = await locks.withLock(`${name}-other`, TTL_SECONDS, async () => 'other');
        return { busy, other };
      });
      expect(inside.busy).toBeInstanceOf(LockBusy);
      expect((inside.busy as LockBusy).lockName).toBe(name);
      expect(ranInside).toBe(false);
      expect(inside.other).toBe('other');
    });

    it('a step that throws passes its error on and still releases the lock', async () => {
      const { locks, name } = world();
      const failure = new Error('step failed');
      expect(await refusalOf(locks.withLock(name, TTL_SECONDS, () => Promise.reject(failure)))).toBe(failure);
      expect(await locks.withLock(name, TTL_SECONDS, async () => 'after')).toBe('after');
    });

    it('a lock stays held until its ttl has passed, then the next caller takes it', async () => {
      const { clock, locks, name } = world();
      const outcome = await locks.withLock(name, TTL_SECONDS, async () => {
        clock.now = T0 + TTL_SECONDS * 1000;
        const atTtl = await refusalOf(locks.withLock(name, TTL_SECONDS, async () => 'too soon'));
        clock.now = T0 + (TTL_SECONDS + 1) * 1000;
        const afterTtl = await locks.withLock(name, TTL_SECONDS, async () => 'taken over');
        return { atTtl, afterTtl };
      });
      expect(outcome.atTtl).toBeInstanceOf(LockBusy);
      expect(outcome.afterTtl).toBe('taken over');
    });

    it('a holder that outlived its ttl releases nothing: the lock the next caller took stays held', async () => {
      const { clock, locks, name } = world();
      let finishLate!: () => void;
      let late!: Promise<void>;
      await new Promise<void>((started) => {
        late = locks.withLock(name, TTL_SECONDS, () => {
          started();
          return new Promise<void>((resolve) => (finishLate = resolve));
        });
      });
      clock.now = T0 + (TTL_SECONDS + 1) * 1000;
      const whileNewHolderRuns = await locks.withLock(name, TTL_SECONDS, async () => {
        finishLate();
        await late;
        return refusalOf(locks.withLock(name, TTL_SECONDS, async () => 'third'));
      });
      expect(whileNewHolderRuns).toBeInstanceOf(LockBusy);
      expect(await locks.withLock(name, TTL_SECONDS, async () => 'free')).toBe('free');
    });
  });
}
