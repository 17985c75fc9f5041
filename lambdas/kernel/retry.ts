import type { Clock } from './clock';

/** How a contended write is retried: how many tries, and the backoff between them (ms). */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  jitterMs: number;
}

/** Exponential from `baseMs`, doubling up to 32 times it, plus random jitter so racing retries spread out. */
export function backoffMs(attempt: number, { baseMs, jitterMs }: Pick<RetryPolicy, 'baseMs' | 'jitterMs'>): number {
  return baseMs * 2 ** Math.min(attempt, 5) + Math.floor(Math.random() * jitterMs);
}

export interface RetryRule extends RetryPolicy {
  /**
   * Whether a failure is tried again: a refusal of something that changed or was in flight (true: after the
   * backoff), or one that only lost a draw (`'at-once'`: nothing was in flight, so no pause). Anything else
   * is thrown.
   */
  retries: (error: unknown) => boolean | 'at-once';
  /** What is thrown when every attempt was refused. */
  exhausted: () => Error;
}

/**
 * Runs a read-decide-write step until its write goes through: a refusal means something it read changed (or
 * another transaction was in flight), so it reads and decides again. `step` may throw to stop (the new
 * state no longer allows the change).
 */
export async function retryOnRefusal<T>(
  deps: Pick<Clock, 'sleep'>,
  rule: RetryRule,
  step: (attempt: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < rule.attempts; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      const retry = rule.retries(error);
      if (!retry) throw error;
      if (retry !== 'at-once') await deps.sleep(backoffMs(attempt, rule));
    }
  }
  throw rule.exhausted();
}

/**
 * `retryOnRefusal` for a step whose refusals are all `'at-once'` (a random id already taken, a record re-read
 * and written again): it never pauses, so it needs no clock and its callers' deps carry none.
 */
export function retryAtOnce<T>(
  rule: Pick<RetryRule, 'attempts' | 'exhausted'> & { retries: (error: unknown) => boolean },
  step: (attempt: number) => Promise<T>,
): Promise<T> {
  const never = () => Promise.reject(new Error('retryAtOnce never pauses'));
  const retries = (error: unknown) => rule.retries(error) && ('at-once' as const);
  return retryOnRefusal({ sleep: never }, { ...rule, baseMs: 0, jitterMs: 0, retries }, step);
}
