import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENTS,
  InactivityController,
  type InactivityControllerOptions,
} from '../../../web/src/features/session/model/inactivity-controller';
import {
  formatCountdown,
  inactivityLimitsFrom,
  type StoredActivity,
} from '../../../web/src/features/session/model/inactivity-machine';

const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

/** A signed-in session on a guarded page, with fake timers and plain event targets for window and document. */
function setup(overrides: Partial<InactivityControllerOptions> = {}) {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as string });
  let stored: StoredActivity | null = null;
  let storedError: Error | null = null;
  const onActivity = vi.fn();
  const onExpired = vi.fn();
  const log = vi.fn();
  const controller = new InactivityController({
    deviceId: 'device-A',
    activityTarget: win,
    visibility: doc,
    loadStoredActivity: async () => {
      if (storedError) throw storedError;
      return stored;
    },
    onActivity,
    onExpired,
    log,
    ...overrides,
  });
  const unmount = controller.mount();
  controller.routeChanged('/customer/home');
  return {
    controller,
    doc,
    onActivity,
    onExpired,
    log,
    unmount,
    phase: () => controller.getSnapshot().phase,
    view: () => controller.getView(),
    setStored: (record: StoredActivity | null) => (stored = record),
    failStored: (error: Error) => (storedError = error),
    fire: (type: string) => win.dispatchEvent(new Event(type)),
    /** The tab becomes visible again; awaits the stored-record read. */
    async becomeVisible() {
      doc.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    },
    /** Moves the clock without running timers, as in a suspended background tab. */
    jumpClock: (ms: number) => vi.setSystemTime(Date.now() + ms),
  };
}

/** Signed in by the login form, timers running (the 500 ms start delay has passed). */
async function loggedIn(overrides: Partial<InactivityControllerOptions> = {}) {
  const s = setup(overrides);
  s.controller.signedIn(false);
  await vi.advanceTimersByTimeAsync(500);
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('spec 4 session inactivity: timers', () => {
  it('timers start 500 ms after login, and the login is written as activity at once', async () => {
    const s = setup();
    s.controller.signedIn(false);
    expect(s.onActivity).toHaveBeenCalledWith(T0, true);
    await vi.advanceTimersByTimeAsync(499);
    expect(s.phase()).toBe('stopped');
    await vi.advanceTimersByTimeAsync(1);
    expect(s.phase()).toBe('active');
  });

  it('spec 9: the warning comes after 55 minutes without activity and counts down from 300 s in 1 s ticks', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(s.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(s.view()).toEqual({ popup: 'warning', remainingSeconds: 300 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.view().remainingSeconds).toBe(299);
    await vi.advanceTimersByTimeAsync(298_000);
    expect(s.view().remainingSeconds).toBe(1);
  });

  it('the session expires at 60 minutes: expired popup shown and the user logged out once', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(60 * MIN - 1);
    expect(s.onExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.view()).toEqual({ popup: 'expired', remainingSeconds: 0 });
    expect(s.onExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * 60 * MIN);
    expect(s.onExpired).toHaveBeenCalledTimes(1);
  });

  it('the countdown is read from the clock, so a tab whose ticks were delayed shows the true time left', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(55 * MIN);
    s.jumpClock(100_000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.view().remainingSeconds).toBe(199);
  });

  it('the timeout firing while the warning shows expires the session even if no tick ran', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(55 * MIN);
    s.controller.dispatch({ type: 'timerFired', timer: 'timeout', now: Date.now() });
    expect(s.phase()).toBe('expired');
    expect(s.onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('spec 4 session inactivity: activity', () => {
  it.each(ACTIVITY_EVENTS)('a %s event resets the timer', async (type) => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(30 * MIN);
    s.fire(type);
    await vi.advanceTimersByTimeAsync(54 * MIN);
    expect(s.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(1 * MIN);
    expect(s.phase()).toBe('warning');
  });

  it('counts activity only if more than 1 s has passed since the last activity', async () => {
    const s = await loggedIn();
    s.onActivity.mockClear();
    await vi.advanceTimersByTimeAsync(1000); // exactly 1 s after the timers started: not more than 1 s
    s.fire('mousemove');
    expect(s.onActivity).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    s.fire('mousemove');
    expect(s.onActivity).toHaveBeenCalledWith(T0 + 1501, false);
    await vi.advanceTimersByTimeAsync(900);
    s.fire('keypress');
    expect(s.onActivity).toHaveBeenCalledTimes(1);
  });

  it('activity while the warning shows does not dismiss it: only Continue Session does', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(55 * MIN);
    s.fire('mousemove');
    expect(s.phase()).toBe('warning');
  });

  it('Continue restores active, stamps the activity, writes it immediately and restarts the timers', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(57 * MIN);
    s.onActivity.mockClear();
    s.controller.continueSession();
    expect(s.view()).toEqual({ popup: null, remainingSeconds: 0 });
    expect(s.onActivity).toHaveBeenCalledWith(Date.now(), true);
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(s.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(s.phase()).toBe('warning');
    expect(s.onExpired).not.toHaveBeenCalled();
  });

  it('mouse moves do not change what the popups show, so the shell does not re-render for them', async () => {
    const s = await loggedIn();
    const before = s.view();
    await vi.advanceTimersByTimeAsync(5000);
    s.fire('mousemove');
    expect(s.view()).toBe(before);
  });
});

describe('spec 4 session inactivity: logout and routes', () => {
  it('logging out stops the timer and closes the warning popup', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(56 * MIN);
    s.controller.signedOut();
    expect(s.view().popup).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * 60 * MIN);
    expect(s.onExpired).not.toHaveBeenCalled();
  });

  it('the expired popup survives the logout it causes, until Return to Login dismisses it', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    s.controller.signedOut();
    expect(s.view().popup).toBe('expired');
    s.controller.dismissExpired();
    expect(s.view().popup).toBeNull();
  });

  it('timers stop on auth routes and start afresh back on a guarded page', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(50 * MIN);
    s.controller.routeChanged('/auth/request');
    expect(s.phase()).toBe('stopped');
    await vi.advanceTimersByTimeAsync(2 * 60 * MIN);
    expect(s.onExpired).not.toHaveBeenCalled();
    s.controller.routeChanged('/customer/home');
    expect(s.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(s.phase()).toBe('warning');
  });

  it('timers do not start after login while the user is on a public route', async () => {
    const s = setup();
    s.controller.routeChanged('/terms');
    s.controller.signedIn(false);
    await vi.advanceTimersByTimeAsync(2 * 60 * MIN);
    expect(s.phase()).toBe('stopped');
  });

  it('spec 2: both popups are suppressed on the virtual consultant route', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(s.view().popup).toBe('expired');
    s.controller.routeChanged('/ampleye-virtual-consultant');
    expect(s.view().popup).toBeNull();
  });

  it('unmounting removes the listeners and timers', async () => {
    const s = await loggedIn();
    s.unmount();
    await vi.advanceTimersByTimeAsync(2 * 60 * MIN);
    expect(s.onExpired).not.toHaveBeenCalled();
  });
});

describe('spec 4 session inactivity: startup check of the stored record', () => {
  async function restored(record: StoredActivity | null, signedInAt: number | null = null) {
    const s = setup();
    s.setStored(record);
    s.controller.signedIn(true, signedInAt);
    await vi.advanceTimersByTimeAsync(500);
    return s;
  }

  it('no stored record means time out', async () => {
    const s = await restored(null);
    expect(s.phase()).toBe('expired');
    expect(s.onExpired).toHaveBeenCalledTimes(1);
  });

  it('a page reloaded right after signing in, before the login was written, is not timed out: the sign-in is activity', async () => {
    const s = await restored(null, T0 - 2_000);
    expect(s.phase()).toBe('active');
    expect(s.onExpired).not.toHaveBeenCalled();
  });

  it("a sign-in of the last few minutes counts over the last session's older record; an older one does not", async () => {
    const lastSession = { lastActivity: T0 - 3 * 60 * MIN, deviceId: 'device-A' };
    expect((await restored(lastSession, Date.now() - 2 * MIN)).phase()).toBe('active');
    // Ten minutes after signing in the login's record was written, or the browser never ran to write it.
    expect((await restored(null, Date.now() - 10 * MIN)).phase()).toBe('expired');
  });

  it("the token's sign-in time is Cognito's clock: a browser a little behind still counts it, a sign-in far in the future does not", async () => {
    expect((await restored(null, Date.now() + 30_000)).phase()).toBe('active');
    expect((await restored(null, Date.now() + 60 * MIN)).phase()).toBe('expired');
  });

  it('60 minutes or more of inactivity means time out', async () => {
    const s = await restored({ lastActivity: T0 - 60 * MIN + 500, deviceId: 'device-A' });
    expect(s.phase()).toBe('expired');
  });

  it('55 minutes or more shows the warning with the remaining time', async () => {
    const s = await restored({ lastActivity: T0 + 500 - 57 * MIN, deviceId: 'device-A' });
    expect(s.view()).toEqual({ popup: 'warning', remainingSeconds: 180 });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(s.phase()).toBe('expired');
  });

  it('less than 55 minutes: the page load counts as activity', async () => {
    const s = await restored({ lastActivity: T0 - 40 * MIN, deviceId: 'device-B' });
    expect(s.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(s.phase()).toBe('active');
  });

  it('a restored session is not written as a new login', async () => {
    const s = await restored({ lastActivity: T0, deviceId: 'device-A' });
    expect(s.onActivity).not.toHaveBeenCalled();
  });

  it('a failed startup read is logged and shows no popup; the local timers still run', async () => {
    const s = setup();
    s.failStored(new Error('network down'));
    s.controller.signedIn(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(s.log).toHaveBeenCalledWith('Session startup check failed', expect.any(Error));
    expect(s.view().popup).toBeNull();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(s.phase()).toBe('expired');
  });

  it('the startup check waits until the user reaches a guarded page', async () => {
    const s = setup();
    s.controller.routeChanged('/auth/login');
    s.setStored(null);
    s.controller.signedIn(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(s.phase()).toBe('stopped');
    s.controller.routeChanged('/customer/home');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.phase()).toBe('expired');
  });

  it('a stored-record answer that arrives after sign-out is ignored', async () => {
    let answer: (r: StoredActivity | null) => void = () => {};
    const s = setup({ loadStoredActivity: () => new Promise((resolve) => (answer = resolve)) });
    s.controller.signedIn(true);
    await vi.advanceTimersByTimeAsync(500);
    s.controller.signedOut();
    answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.onExpired).not.toHaveBeenCalled();
  });
});

describe('spec 4 session inactivity: the tab becomes visible again', () => {
  it('a record from another device only updates the local last-activity time', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(50 * MIN);
    s.setStored({ lastActivity: Date.now() - 1 * MIN, deviceId: 'device-phone' });
    await s.becomeVisible();
    expect(s.phase()).toBe('active');
    // The warning now comes 55 minutes after the phone's activity, not this tab's.
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(s.phase()).toBe('active');
    await vi.advanceTimersByTimeAsync(49 * MIN);
    expect(s.phase()).toBe('warning');
  });

  it('a record from another device does not dismiss a running warning', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(56 * MIN);
    s.setStored({ lastActivity: Date.now(), deviceId: 'device-phone' });
    await s.becomeVisible();
    expect(s.phase()).toBe('warning');
  });

  it('same device: a minimum idle time of 55 minutes or more shows the warning', async () => {
    const s = await loggedIn();
    s.setStored({ lastActivity: T0, deviceId: 'device-A' });
    s.jumpClock(57 * MIN);
    await s.becomeVisible();
    expect(s.view()).toEqual({ popup: 'warning', remainingSeconds: 180 });
  });

  it('same device: a minimum idle time of 60 minutes or more expires the session', async () => {
    const s = await loggedIn();
    s.setStored({ lastActivity: T0, deviceId: 'device-A' });
    s.jumpClock(61 * MIN);
    await s.becomeVisible();
    expect(s.phase()).toBe('expired');
    expect(s.onExpired).toHaveBeenCalledTimes(1);
  });

  it('same device: recent activity in another tab of this browser ends the warning', async () => {
    const s = await loggedIn();
    await vi.advanceTimersByTimeAsync(56 * MIN);
    s.setStored({ lastActivity: Date.now() - 10_000, deviceId: 'device-A' });
    await s.becomeVisible();
    expect(s.phase()).toBe('active');
  });

  it('if the check throws, expiry applies when local idle time is at least 60 minutes', async () => {
    const s = await loggedIn();
    s.failStored(new Error('network down'));
    s.jumpClock(60 * MIN);
    await s.becomeVisible();
    expect(s.phase()).toBe('expired');
    expect(s.log).toHaveBeenCalledWith('Session visibility check failed', expect.any(Error));
  });

  it('if the check throws with less local idle time, the error is logged and no popup is forced', async () => {
    const s = await loggedIn();
    s.failStored(new Error('network down'));
    s.jumpClock(30 * MIN);
    await s.becomeVisible();
    expect(s.phase()).toBe('active');
    expect(s.log).toHaveBeenCalledTimes(1);
  });

  it('a tab that turns hidden is not checked', async () => {
    const load = vi.fn(async () => null);
    const s = await loggedIn({ loadStoredActivity: load });
    s.doc.visibilityState = 'hidden';
    await s.becomeVisible();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('spec 9 limits come from the runtime config', () => {
  it('a stage may set stricter idle limits (ASVS: 30 minutes)', async () => {
    const limits = inactivityLimitsFrom({ inactivityTimeoutMs: 30 * MIN, warningAfterMs: 25 * MIN });
    const s = await loggedIn({ limits });
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(s.view()).toEqual({ popup: 'warning', remainingSeconds: 300 });
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(s.phase()).toBe('expired');
  });

  it('defaults are the spec values: warning at 55 min, timeout at 60 min', () => {
    expect(inactivityLimitsFrom(null)).toMatchObject({ warningAfterMs: 55 * MIN, inactivityTimeoutMs: 60 * MIN });
  });

  it('refuses a warning that would not come before the timeout', () => {
    expect(() => inactivityLimitsFrom({ inactivityTimeoutMs: 30 * MIN, warningAfterMs: 30 * MIN })).toThrow();
  });

  it('spec 2: the countdown reads mm:ss', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
