/**
 * The session inactivity rules (spec 4 "Session inactivity", spec 9 limits) as a pure state machine:
 * `transition(state, event, limits)` returns the next state and the effects to run (timers to schedule or
 * cancel, activity to record, a stored-activity check, expiry). It reads no clock and touches no browser
 * API: every event carries `now`, so the rules are tested with plain numbers and fake timers alike.
 * `inactivity-controller.ts` runs the effects in the browser.
 */
import { SESSION } from '../../../../../core/constants';
import { isPublicRoute, isVirtualConsultantRoute } from '../../../../../core/rules/public-routes';

export interface InactivityLimits {
  /** spec 9: the warning starts after 55 minutes without activity. */
  warningAfterMs: number;
  /** spec 9: the session expires after 60 minutes without activity. */
  inactivityTimeoutMs: number;
  /** spec 9: the countdown ticks every second. */
  countdownTickMs: number;
  /** spec 4: activity counts only when more than 1 s has passed since the last one. */
  activityThrottleMs: number;
  /** spec 4: timers start 500 ms after login. */
  timerStartDelayMs: number;
}

export const DEFAULT_INACTIVITY_LIMITS: InactivityLimits = {
  warningAfterMs: SESSION.warningAfterMs,
  inactivityTimeoutMs: SESSION.inactivityTimeoutMs,
  countdownTickMs: SESSION.countdownTickMs,
  activityThrottleMs: SESSION.activityThrottleMs,
  timerStartDelayMs: SESSION.timerStartDelayAfterLoginMs,
};

/**
 * Limits from the runtime config's `session` block (each stage may set stricter idle limits,
 * docs/architecture.md "Stages and config"); a warning that would not come before the timeout is a config bug.
 */
export function inactivityLimitsFrom(
  session?: { inactivityTimeoutMs: number; warningAfterMs: number } | null,
): InactivityLimits {
  if (!session) return DEFAULT_INACTIVITY_LIMITS;
  if (!(session.warningAfterMs > 0 && session.warningAfterMs < session.inactivityTimeoutMs)) {
    throw new Error('session.warningAfterMs must be positive and below session.inactivityTimeoutMs');
  }
  return { ...DEFAULT_INACTIVITY_LIMITS, ...session };
}

/** stopped: no timers (signed out or on a public route); warning and expired show their popups. */
export type InactivityPhase = 'stopped' | 'active' | 'warning' | 'expired';

export interface InactivityState {
  phase: InactivityPhase;
  signedIn: boolean;
  path: string;
  /** Last local activity, ms since epoch. */
  lastActivity: number;
  /** While warning: when the session expires; the countdown is derived from it. */
  expiresAt: number | null;
  /** While warning: whole seconds left, as the popup shows them. */
  remainingSeconds: number;
  /** The 500 ms start delay after login is running. */
  startPending: boolean;
  /** A restored session still owes the startup check of the stored activity record. */
  startupCheckPending: boolean;
  /** When the user signed in, if known (the ID token's `auth_time`): activity the stored record may miss. */
  signedInAt: number | null;
}

export const INITIAL_INACTIVITY_STATE: InactivityState = {
  phase: 'stopped',
  signedIn: false,
  path: '/',
  lastActivity: 0,
  expiresAt: null,
  remainingSeconds: 0,
  startPending: false,
  startupCheckPending: false,
  signedInAt: null,
};

export type TimerName = 'start' | 'warning' | 'timeout' | 'tick';
const ALL_TIMERS: readonly TimerName[] = ['start', 'warning', 'timeout', 'tick'];

/** The part of the stored userActivity record (spec 3) the checks need. */
export interface StoredActivity {
  lastActivity: number;
  deviceId: string;
}

export type CheckReason = 'startup' | 'visibility';

export type InactivityEvent =
  /** A user is signed in: `restored` when the app found an existing session on load, false on a fresh login. */
  | { type: 'signedIn'; now: number; restored: boolean; signedInAt?: number | null }
  | { type: 'signedOut' }
  | { type: 'routeChanged'; path: string; now: number }
  /** Mouse move or down, key press, touch move or start, scroll (spec 4). */
  | { type: 'activity'; now: number }
  | { type: 'timerFired'; timer: TimerName; now: number }
  /** The warning popup's Continue Session button. */
  | { type: 'continue'; now: number }
  /** The expired popup's Return to Login button. */
  | { type: 'dismissExpired' }
  /** The tab became visible again. */
  | { type: 'visible'; now: number }
  | { type: 'storedActivityLoaded'; reason: CheckReason; now: number; record: StoredActivity | null; deviceId: string }
  | { type: 'storedActivityFailed'; reason: CheckReason; now: number; error: unknown };

export type InactivityEffect =
  | { type: 'schedule'; timer: TimerName; delayMs: number }
  | { type: 'cancel'; timer: TimerName }
  /** Stamp the activity record; `immediate` writes it now (login, Continue Session). */
  | { type: 'recordActivity'; at: number; immediate: boolean }
  /** Read the stored activity record and answer with storedActivityLoaded / storedActivityFailed. */
  | { type: 'checkStoredActivity'; reason: CheckReason }
  /** The session expired: log the user out (the expired popup stays until dismissed). */
  | { type: 'expire' }
  | { type: 'log'; message: string; error?: unknown };

export interface Transition {
  state: InactivityState;
  effects: InactivityEffect[];
}

const cancelAll = (except: readonly TimerName[] = []): InactivityEffect[] =>
  ALL_TIMERS.filter((t) => !except.includes(t)).map((timer) => ({ type: 'cancel', timer }));

/** The warning and timeout timers, measured from the last activity. */
function armIdleTimers(state: InactivityState, now: number, limits: InactivityLimits): InactivityEffect[] {
  return [
    { type: 'cancel', timer: 'tick' },
    { type: 'schedule', timer: 'warning', delayMs: Math.max(0, state.lastActivity + limits.warningAfterMs - now) },
    {
      type: 'schedule',
      timer: 'timeout',
      delayMs: Math.max(0, state.lastActivity + limits.inactivityTimeoutMs - now),
    },
  ];
}

const secondsUntil = (expiresAt: number, now: number) => Math.max(0, Math.ceil((expiresAt - now) / 1000));

/** spec 4: the session expires, the expired popup shows and the user is logged out. */
function expire(state: InactivityState): Transition {
  return {
    state: { ...state, phase: 'expired', expiresAt: null, remainingSeconds: 0, startPending: false },
    effects: [...cancelAll(), { type: 'expire' }],
  };
}

/**
 * spec 2, 4: the warning popup counts down to `expiresAt` in 1 s ticks. The seconds left are computed from
 * the clock, not decremented, so a tab whose timers the browser slowed down still shows the truth.
 */
function enterWarning(state: InactivityState, expiresAt: number, now: number, limits: InactivityLimits): Transition {
  const remainingSeconds = secondsUntil(expiresAt, now);
  if (remainingSeconds <= 0) return expire(state);
  return {
    state: { ...state, phase: 'warning', expiresAt, remainingSeconds },
    effects: [
      { type: 'cancel', timer: 'warning' },
      { type: 'schedule', timer: 'timeout', delayMs: Math.max(0, expiresAt - now) },
      { type: 'schedule', timer: 'tick', delayMs: limits.countdownTickMs },
    ],
  };
}

/** Applies the limits to the idle time since `state.lastActivity`: active, warning or expired. */
function evaluate(state: InactivityState, now: number, limits: InactivityLimits): Transition {
  const idle = now - state.lastActivity;
  if (idle >= limits.inactivityTimeoutMs) return expire(state);
  if (idle >= limits.warningAfterMs) {
    return enterWarning(state, state.lastActivity + limits.inactivityTimeoutMs, now, limits);
  }
  const active = { ...state, phase: 'active' as const, expiresAt: null, remainingSeconds: 0 };
  return { state: active, effects: armIdleTimers(active, now, limits) };
}

/** Timers run: page load or navigation to a guarded page counts as activity; a restored session is checked. */
function begin(state: InactivityState, now: number, limits: InactivityLimits): Transition {
  const started = evaluate(
    { ...state, lastActivity: now, startPending: false, startupCheckPending: false },
    now,
    limits,
  );
  if (state.startupCheckPending) started.effects.push({ type: 'checkStoredActivity', reason: 'startup' });
  return started;
}

const timersRunning = (state: InactivityState) => state.phase === 'active' || state.phase === 'warning';
const unchanged = (state: InactivityState): Transition => ({ state, effects: [] });

/** The spec 4 "Session inactivity" rules, one event at a time. */
export function transition(state: InactivityState, event: InactivityEvent, limits: InactivityLimits): Transition {
  switch (event.type) {
    case 'signedIn': {
      // spec 4: login changes reset the service and start the timer after 500 ms.
      const next: InactivityState = {
        ...INITIAL_INACTIVITY_STATE,
        path: state.path,
        signedIn: true,
        lastActivity: event.now,
        startPending: true,
        startupCheckPending: event.restored,
        signedInAt: event.signedInAt ?? null,
      };
      const effects: InactivityEffect[] = [
        ...cancelAll(),
        { type: 'schedule', timer: 'start', delayMs: limits.timerStartDelayMs },
      ];
      // A fresh login is activity: written at once, so a reload right after it does not time out.
      if (!event.restored) effects.push({ type: 'recordActivity', at: event.now, immediate: true });
      return { state: next, effects };
    }

    case 'signedOut':
      // spec 4: logging out stops the timer and closes the warning; an expired popup stays until dismissed.
      return {
        state: {
          ...INITIAL_INACTIVITY_STATE,
          path: state.path,
          phase: state.phase === 'expired' ? 'expired' : 'stopped',
        },
        effects: cancelAll(),
      };

    case 'routeChanged': {
      const moved = { ...state, path: event.path };
      if (isPublicRoute(event.path)) {
        // spec 2, 4: public routes (auth pages included) have no session timer.
        if (!timersRunning(state)) return unchanged(moved);
        return {
          state: { ...moved, phase: 'stopped', expiresAt: null, remainingSeconds: 0 },
          effects: cancelAll(['start']),
        };
      }
      if (moved.signedIn && moved.phase === 'stopped' && !moved.startPending) return begin(moved, event.now, limits);
      return unchanged(moved);
    }

    case 'timerFired':
      switch (event.timer) {
        case 'start': {
          const ready = { ...state, startPending: false };
          if (ready.signedIn && ready.phase === 'stopped' && !isPublicRoute(ready.path)) {
            return begin(ready, event.now, limits);
          }
          return unchanged(ready);
        }
        case 'warning':
          return state.phase === 'active' ? evaluate(state, event.now, limits) : unchanged(state);
        case 'timeout':
          // spec 4: the timeout firing while the user is not active expires the session.
          if (state.phase === 'warning') return expire(state);
          return state.phase === 'active' ? evaluate(state, event.now, limits) : unchanged(state);
        case 'tick': {
          if (state.phase !== 'warning' || state.expiresAt === null) return unchanged(state);
          const remainingSeconds = secondsUntil(state.expiresAt, event.now);
          // spec 4: the countdown reaching its limit expires the session.
          if (remainingSeconds <= 0) return expire(state);
          return {
            state: { ...state, remainingSeconds },
            effects: [{ type: 'schedule', timer: 'tick', delayMs: limits.countdownTickMs }],
          };
        }
      }
      return unchanged(state);

    case 'activity': {
      // spec 4: activity resets the timer only if more than 1 s has passed since the last activity. While the
      // warning shows, only Continue Session (or Logout) answers it.
      if (state.phase !== 'active' || event.now - state.lastActivity <= limits.activityThrottleMs) {
        return unchanged(state);
      }
      const next = { ...state, lastActivity: event.now };
      return {
        state: next,
        effects: [
          ...armIdleTimers(next, event.now, limits),
          { type: 'recordActivity', at: event.now, immediate: false },
        ],
      };
    }

    case 'continue': {
      // spec 4: Continue restores active, stamps the activity time, writes it immediately, restarts the timers.
      if (!timersRunning(state)) return unchanged(state);
      const next: InactivityState = {
        ...state,
        phase: 'active',
        lastActivity: event.now,
        expiresAt: null,
        remainingSeconds: 0,
      };
      return {
        state: next,
        effects: [
          ...armIdleTimers(next, event.now, limits),
          { type: 'recordActivity', at: event.now, immediate: true },
        ],
      };
    }

    case 'dismissExpired':
      return state.phase === 'expired' ? unchanged({ ...state, phase: 'stopped' }) : unchanged(state);

    case 'visible':
      // spec 4: when the tab becomes visible again the stored record is checked.
      return timersRunning(state) && state.signedIn
        ? { state, effects: [{ type: 'checkStoredActivity', reason: 'visibility' }] }
        : unchanged(state);

    case 'storedActivityLoaded':
      if (!state.signedIn || !timersRunning(state)) return unchanged(state);
      return event.reason === 'startup'
        ? startupCheck(state, event.record, event.now, limits)
        : visibilityCheck(state, event.record, event.deviceId, event.now, limits);

    case 'storedActivityFailed': {
      // spec 4: errors in timer initialisation and visibility handling are logged and the popup is not shown
      // because of them; if the visibility check throws, expiry applies when local idle time is >= 60 min.
      const log: InactivityEffect = {
        type: 'log',
        message: `Session ${event.reason} check failed`,
        error: event.error,
      };
      if (!state.signedIn || !timersRunning(state)) return { state, effects: [log] };
      if (event.reason === 'visibility' && event.now - state.lastActivity >= limits.inactivityTimeoutMs) {
        const expired = expire(state);
        return { state: expired.state, effects: [log, ...expired.effects] };
      }
      const local = evaluate(state, event.now, limits);
      return { state: local.state, effects: [log, ...local.effects] };
    }
  }
}

/** How recent a sign-in the startup check takes as activity when the stored record does not show it. */
const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * spec 4 startup check: no stored record means time out; 60 minutes or more of inactivity means time out;
 * 55 minutes or more shows the warning with the time that remains. Otherwise the page load counts as activity.
 * The sign-in itself is activity too (docs/decisions/0016-a-reload-right-after-signing-in.md): the login's
 * record is written from the browser once the signed-in page runs, so a page reloaded before that write
 * landed finds no record, or the last session's; the token's sign-in time counts as the last activity then.
 */
function startupCheck(
  state: InactivityState,
  record: StoredActivity | null,
  now: number,
  limits: InactivityLimits,
): Transition {
  // Only a sign-in of the last few minutes (by either clock: the token's is Cognito's, `now` the browser's):
  // an older login's record was written, or the browser never ran to write it.
  const signedInAt =
    state.signedInAt !== null && Math.abs(now - state.signedInAt) <= RECENT_SIGN_IN_MS
      ? Math.min(state.signedInAt, now)
      : Number.NEGATIVE_INFINITY;
  const lastActivity = Math.max(record?.lastActivity ?? Number.NEGATIVE_INFINITY, signedInAt);
  if (!Number.isFinite(lastActivity)) return expire(state);
  const idle = now - lastActivity;
  if (idle >= limits.inactivityTimeoutMs) return expire(state);
  if (idle >= limits.warningAfterMs) {
    return enterWarning({ ...state, lastActivity }, lastActivity + limits.inactivityTimeoutMs, now, limits);
  }
  return unchanged(state);
}

/**
 * spec 4 visibility check: a record from another device only updates the local last-activity time (the
 * timers read it when they fire). Otherwise the minimum idle time (local or stored, whichever is more
 * recent: another tab of this browser may have been active) is compared with the limits.
 */
function visibilityCheck(
  state: InactivityState,
  record: StoredActivity | null,
  localDeviceId: string,
  now: number,
  limits: InactivityLimits,
): Transition {
  if (record && record.deviceId !== localDeviceId) {
    return unchanged({ ...state, lastActivity: Math.max(state.lastActivity, record.lastActivity) });
  }
  const mostRecent = Math.max(state.lastActivity, record?.lastActivity ?? Number.NEGATIVE_INFINITY);
  const checked = { ...state, lastActivity: mostRecent };
  if (state.phase === 'warning' && now - mostRecent >= limits.warningAfterMs) {
    // Still idle everywhere: the running countdown goes on (or ends).
    return now - mostRecent >= limits.inactivityTimeoutMs ? expire(checked) : unchanged(checked);
  }
  return evaluate(checked, now, limits);
}

/** Which popup shows (spec 2 "Inactivity popups"): none on the virtual consultant route. */
export function visiblePopup(state: InactivityState): 'warning' | 'expired' | null {
  if (isVirtualConsultantRoute(state.path)) return null;
  if (state.phase === 'warning') return 'warning';
  return state.phase === 'expired' ? 'expired' : null;
}

/** spec 2: the warning says the user will be logged out in mm:ss. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
