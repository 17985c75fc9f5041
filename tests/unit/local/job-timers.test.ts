import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOBS } from '../../../core/jobs';
import { EVERY_MS, FIRST_RUN_MS, startJobTimers, type JobHandler } from '../../../local/job-timers';

const JOB = { name: 'warrantyReminders', handler: 'warranty-reminders' };

describe('local job timers (the EventBridge schedules of core/jobs.ts, locally)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job once a few seconds after start, then every 24 hours', async () => {
    const calls: unknown[] = [];
    const timers = startJobTimers({ jobs: [JOB], load: async () => async (event) => calls.push(event) });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event' });
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(calls).toHaveLength(2);
    await timers.stop();
  });

  it('stop clears the timers: nothing runs afterwards', async () => {
    const handler = vi.fn<JobHandler>(async () => undefined);
    const timers = startJobTimers({ jobs: [JOB], load: async () => handler });
    await timers.stop();
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS + 2 * EVERY_MS);
    expect(handler).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop waits for a run in progress (the emulators stay up until it ends)', async () => {
    let finish = () => {};
    let finished = false;
    const timers = startJobTimers({
      jobs: [JOB],
      load: async () => () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS);
    const stopped = timers.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopDone).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(true);
  });

  it('a failed run is reported and the next day runs again', async () => {
    const errors: string[] = [];
    let n = 0;
    const timers = startJobTimers({
      jobs: [JOB],
      load: async () => async () => {
        if (++n === 1) throw new Error('DynamoDB down');
      },
      onError: (job, error) => errors.push(`${job}: ${(error as Error).message}`),
    });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS + EVERY_MS);
    expect(errors).toEqual(['warrantyReminders: DynamoDB down']);
    expect(n).toBe(2);
    await timers.stop();
  });

  it('a run still going when the next is due is not doubled up', async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const timers = startJobTimers({
      jobs: [JOB],
      everyMs: 1000,
      load: async () => async () => {
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      },
    });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS + 5000);
    expect(release).toHaveLength(1);
    release[0]!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(release).toHaveLength(2);
    expect(most).toBe(1);
    release[1]!();
    await timers.stop();
  });

  it('the default loader finds every job of core/jobs.ts below lambdas/jobs/', async () => {
    const { existsSync } = await import('node:fs');
    for (const job of JOBS) expect(existsSync(`lambdas/jobs/${job.handler}.ts`), job.handler).toBe(true);
  });
});
