import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityReport, PutActivityInput } from '../../../core/schemas/activity';
import { ActivitySync } from '../../../web/src/features/session/model/activity-sync';

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const report = (lastActivity: number): ActivityReport =>
  ({ lastActivity, deviceId: 'device-0001', sessionId: 'session-0001' }) as ActivityReport;

function setup() {
  const writes: PutActivityInput[] = [];
  const put = vi.fn(async (input: PutActivityInput) => {
    writes.push(input);
  });
  const sync = new ActivitySync({ put, buildReport: (last) => report(last), log: vi.fn() });
  return { sync, writes, put };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('spec 7, 9 activity sync', () => {
  it('syncs the record every 60 s', async () => {
    const { sync, writes } = setup();
    sync.start(T0);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(writes).toHaveLength(3);
    expect(writes[0]).toMatchObject({ lastActivity: T0, immediate: false });
  });

  it('writes activity at most once per 30 s, the last stamp winning', async () => {
    const { sync, writes } = setup();
    sync.start(T0);
    sync.markActivity(T0 + 1000, false);
    expect(writes).toHaveLength(1);
    for (let i = 1; i <= 20; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      sync.markActivity(Date.now(), false);
    }
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000); // 30 s after the first write
    expect(writes).toHaveLength(2);
    expect(writes[1]?.lastActivity).toBe(T0 + 20_000);
  });

  it('Continue Session and login write immediately, whatever the last write', async () => {
    const { sync, writes } = setup();
    sync.start(T0);
    sync.markActivity(T0, false);
    await vi.advanceTimersByTimeAsync(2000);
    sync.markActivity(Date.now(), true);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({ immediate: true, lastActivity: T0 + 2000 });
  });

  it('stops writing when stopped (sign-out, expiry)', async () => {
    const { sync, writes } = setup();
    sync.start(T0);
    sync.markActivity(T0, false);
    sync.markActivity(T0 + 5000, false);
    sync.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    sync.markActivity(Date.now(), true);
    expect(writes).toHaveLength(1);
  });

  it('a failed write is logged and the next sync tries again', async () => {
    const log = vi.fn();
    const put = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const sync = new ActivitySync({ put, buildReport: report, log });
    sync.start(T0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toHaveBeenCalledWith('Activity sync failed', expect.any(Error));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(put).toHaveBeenCalledTimes(2);
  });
});
