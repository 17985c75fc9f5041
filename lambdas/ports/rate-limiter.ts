/** Counts attempts per key in fixed time windows. */
export interface RateLimiter {
  /** Counts one attempt; false when `key` already had `limit` attempts in the current window. */
  consume(key: string, limit: number, windowSeconds: number): Promise<boolean>;
}
