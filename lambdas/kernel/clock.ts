/**
 * Time and waiting, passed in like any port: tests fix the time and make waits instant, handlers pass
 * `systemClock`. Every use-case deps type requires both, so no use case falls back to the wall clock unseen.
 */
export interface Clock {
  now: () => Date;
  /** Waits between retries of a refused write (retryOnRefusal). */
  sleep: (ms: number) => Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};
