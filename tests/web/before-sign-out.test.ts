import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeSignOut, BEFORE_SIGN_OUT_MAX_MS, runBeforeSignOut } from '../../web/src/lib/before-sign-out';

const removers: Array<() => void> = [];
afterEach(() => {
  while (removers.length) removers.pop()?.();
  vi.useRealTimers();
});

describe('work before a sign-out (the inactive activity write runs while the token still works)', () => {
  it('runs every registered task and waits for them', async () => {
    const done: string[] = [];
    removers.push(beforeSignOut(async () => void done.push('activity')));
    await runBeforeSignOut();
    expect(done).toEqual(['activity']);
  });

  it('a failing task does not stop the sign-out', async () => {
    removers.push(beforeSignOut(() => Promise.reject(new Error('offline'))));
    await expect(runBeforeSignOut()).resolves.toBeUndefined();
  });

  it(`a task that hangs holds the sign-out at most ${BEFORE_SIGN_OUT_MAX_MS} ms`, async () => {
    vi.useFakeTimers();
    removers.push(beforeSignOut(() => new Promise(() => {})));
    let finished = false;
    void runBeforeSignOut().then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(BEFORE_SIGN_OUT_MAX_MS - 1);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(finished).toBe(true);
  });

  it('a removed task no longer runs', async () => {
    const task = vi.fn(async () => undefined);
    beforeSignOut(task)();
    await runBeforeSignOut();
    expect(task).not.toHaveBeenCalled();
  });
});
