import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putActivityInputSchema, type PutActivityInput } from '../../../core/schemas/activity';
import type { StorageLike } from '../../../web/src/features/session/model/activity-record';
import { SessionActivity } from '../../../web/src/features/session/model/session-activity';

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const MIN = 60_000;
const env = {
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  platform: 'Win32',
  language: 'en-US',
  maxTouchPoints: 0,
  screen: { width: 1920, height: 1080 },
  devicePixelRatio: 1,
  timezone: 'UTC',
  connectionType: '4g',
};

function setup() {
  const data: Record<string, string> = {};
  const storage: StorageLike = { getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
  const writes: PutActivityInput[] = [];
  const onExpired = vi.fn();
  const getMyActivity = vi.fn(async () => null);
  const activity = new SessionActivity({ storage, env, activityTarget: new EventTarget() });
  activity.setHandlers({ putActivity: async (input) => void writes.push(input), getMyActivity, onExpired });
  activity.mount();
  activity.routeChanged('/customer/home');
  return { activity, writes, onExpired, getMyActivity, data };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('session activity: inactivity plus the userActivity record (spec 3, 4, 7)', () => {
  it('a fresh login writes a valid activity record immediately, with the kept device id', async () => {
    const { activity, writes, data } = setup();
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    const write = writes[0]!;
    expect(putActivityInputSchema.safeParse(write).success).toBe(true);
    expect(write).toMatchObject({ immediate: true, lastActivity: T0, status: 'active', deviceId: data['deviceId'] });
    expect(write.session.currentRoute).toBe('/customer/home');
  });

  it('Continue Session writes immediately', async () => {
    const { activity, writes } = setup();
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(56 * MIN);
    writes.length = 0;
    activity.continueSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.filter((w) => w.immediate)).toHaveLength(1);
  });

  it('expiry stops the sync and asks the app to log out', async () => {
    const { activity, writes, onExpired } = setup();
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(500 + 60 * MIN); // timers start 500 ms after login
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(activity.getView().popup).toBe('expired');
    const count = writes.length;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(writes).toHaveLength(count);
  });

  it("expiry writes status 'inactive' at once before the sync stops and before the app logs out", async () => {
    const { activity, writes, onExpired } = setup();
    const order: string[] = [];
    activity.setHandlers({
      putActivity: async (input) => {
        writes.push(input);
        order.push(`put ${input.status}`);
      },
      getMyActivity: async () => null,
      onExpired: () => {
        onExpired();
        order.push('logout');
      },
    });
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(500 + 60 * MIN);
    expect(writes.at(-1)).toMatchObject({ status: 'inactive', immediate: true });
    expect(order.slice(-2)).toEqual(['put inactive', 'logout']);
    const count = writes.length;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(writes).toHaveLength(count);
  });

  it("sign-out (endSession) writes status 'inactive' at once, then nothing more is written", async () => {
    const { activity, writes } = setup();
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(5 * MIN);
    const before = writes.length;
    await activity.endSession();
    expect(writes).toHaveLength(before + 1);
    expect(writes.at(-1)).toMatchObject({ status: 'inactive', immediate: true });
    activity.signedOut();
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(writes).toHaveLength(before + 1);
  });

  it('ending twice (Log Out during expiry) writes inactive once and both wait for it', async () => {
    const { activity, writes } = setup();
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(MIN);
    const before = writes.length;
    await Promise.all([activity.endSession(), activity.endSession()]);
    expect(writes.slice(before).map((w) => w.status)).toEqual(['inactive']);
  });

  it('no session, nothing to end: endSession writes nothing', async () => {
    const { activity, writes } = setup();
    await activity.endSession();
    expect(writes).toHaveLength(0);
  });

  it("a user with no input for over a sync period is reported 'idle'", async () => {
    const { activity, writes } = setup();
    activity.signedIn(false);
    await vi.advanceTimersByTimeAsync(3 * MIN);
    expect(writes.at(-1)?.status).toBe('idle');
  });

  it('a restored session reads the stored record through getMyActivity (startup check)', async () => {
    const { activity, getMyActivity, onExpired } = setup();
    activity.signedIn(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(getMyActivity).toHaveBeenCalledTimes(1);
    expect(onExpired).toHaveBeenCalledTimes(1); // no stored record means time out
  });
});
