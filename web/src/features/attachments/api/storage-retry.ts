import { STORAGE_RETRY } from '../../../../../core/constants';
import { isCallableError } from '../../../lib/callable-error';

/** A PUT to storage that did not succeed: the HTTP status (0 when no answer came) and its text. */
export class PutFailure extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`PUT failed with status ${status}: ${statusText}`);
    this.name = 'PutFailure';
  }
}

/** A failure of one step of an upload attempt, kept with its cause so the right message is shown at the end. */
export class StepFailure<S extends string> extends Error {
  constructor(
    readonly step: S,
    readonly failure: unknown,
  ) {
    super(`${step} failed`);
    this.name = 'StepFailure';
  }
}

const statusOf = (error: unknown): number | null => {
  if (error instanceof StepFailure) return statusOf(error.failure);
  if (isCallableError(error)) return error.httpStatus;
  if (error instanceof PutFailure) return error.status;
  return null;
};

/**
 * A failure that may pass if asked again: no answer (offline, timed out), 408, 429 or a 5xx. Anything else
 * (a refused file, a missing order, a URL storage refused) gives the same answer every time.
 */
export function isPassingFailure(error: unknown): boolean {
  const status = statusOf(error);
  return status !== null && (status === 0 || status === 408 || status === 429 || status >= 500);
}

/** When an operation must give up: `budgetMs` from now (STORAGE_RETRY.operationMs or uploadMs). */
export const deadlineIn = (budgetMs: number): number => Date.now() + budgetMs;

export interface RetryOptions {
  /** The time (ms since the epoch) after which no new attempt starts. */
  deadline: number;
  /** Told before each wait, so the page can say it is retrying. */
  onRetrying?: (retry: { attempt: number; delayMs: number }) => void;
  /** A cancelled operation is never retried. */
  signal?: AbortSignal;
  /** 0..1; the wait is between half and all of the backoff step. */
  random?: () => number;
}

/** The wait before retry `attempt` (1, 2, ...): 1 s doubling up to 30 s, less a random part of up to half. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(STORAGE_RETRY.maxDelayMs, STORAGE_RETRY.firstDelayMs * 2 ** (attempt - 1));
  return Math.round(step * (0.5 + random() / 2));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * spec 9 storage retries: runs `attempt` (given the time left) until it succeeds, fails in a way that will
 * not pass, or the next try would start after the deadline; then the last failure is thrown, and only then
 * does the caller show the spec's message.
 */
export async function retryStorage<T>(
  attempt: (remainingMs: number) => Promise<T>,
  { deadline, onRetrying, signal, random }: RetryOptions,
): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await attempt(Math.max(0, deadline - Date.now()));
    } catch (error) {
      if (signal?.aborted || !isPassingFailure(error)) throw error;
      const delayMs = backoffDelay(retry, random);
      if (Date.now() + delayMs >= deadline) throw error;
      onRetrying?.({ attempt: retry, delayMs });
      await sleep(delayMs, signal);
      if (signal?.aborted) throw error;
    }
  }
}
