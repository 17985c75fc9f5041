/** Thrown when a lock is held by someone else; the caller asks the user to try again. */
export class LockBusy extends Error {
  constructor(readonly lockName: string) {
    super(`lock ${lockName} is busy`);
    this.name = 'LockBusy';
  }
}

/**
 * Short mutual exclusion between Lambdas, for check-then-act steps that must not interleave (the last
 * super admin guard). A lock expires after `ttlSeconds` even if its holder dies.
 */
export interface Locks {
  withLock<T>(name: string, ttlSeconds: number, run: () => Promise<T>): Promise<T>;
}
