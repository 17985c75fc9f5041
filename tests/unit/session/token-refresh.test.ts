import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTokenRefresh } from '../../../web/src/features/session/model/token-refresh';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spec 4 token refresh', () => {
  it('refreshes on start and every 55 minutes (3,300,000 ms)', async () => {
    const refresh = vi.fn(async () => undefined);
    const stop = startTokenRefresh({ refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_299_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_300_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 3_300_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('a failed refresh is reported and the next one still runs', async () => {
    const onError = vi.fn();
    const refresh = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValue(undefined);
    startTokenRefresh({ refresh, onError, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(expect.any(Error));
    await vi.advanceTimersByTimeAsync(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('never runs two refreshes at once', async () => {
    let release: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    startTokenRefresh({ refresh, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(refresh).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
