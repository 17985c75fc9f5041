/**
 * spec 4, 9: the ID token is refreshed on start and every 55 minutes (3,300,000 ms), so the bearer token
 * every request carries (spec 7) never runs out while the user works. The refresh itself is injected:
 * in the app it is Amplify's `fetchAuthSession({ forceRefresh: true })`.
 */
import { SESSION } from '../../../../../core/constants';

export interface IntervalScheduler {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface TokenRefreshOptions {
  refresh: () => Promise<unknown>;
  intervalMs?: number;
  scheduler?: IntervalScheduler;
  onError?: (error: unknown) => void;
}

const browserIntervals: IntervalScheduler = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof globalThis.clearInterval>[0]),
};

/** Refreshes now and then every interval; returns the function that stops it. A refresh never overlaps another. */
export function startTokenRefresh(options: TokenRefreshOptions): () => void {
  const scheduler = options.scheduler ?? browserIntervals;
  let inFlight = false;
  const run = async () => {
    if (inFlight) return;
    inFlight = true;
    try {
      await options.refresh();
    } catch (error) {
      (options.onError ?? ((e) => console.warn('Token refresh failed', e)))(error);
    } finally {
      inFlight = false;
    }
  };
  void run();
  const handle = scheduler.setInterval(() => void run(), options.intervalMs ?? SESSION.tokenRefreshMs);
  return () => scheduler.clearInterval(handle);
}
