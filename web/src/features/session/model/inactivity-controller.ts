/**
 * Runs the inactivity state machine in a browser: listens to activity and visibility events, owns the
 * timers, reads the stored activity record and tells the app when to record activity or log out. Browser
 * objects and the clock are injected, so tests drive it with fake timers and plain event targets.
 */
import {
  DEFAULT_INACTIVITY_LIMITS,
  INITIAL_INACTIVITY_STATE,
  transition,
  type CheckReason,
  type InactivityEffect,
  type InactivityEvent,
  type InactivityLimits,
  type InactivityState,
  type StoredActivity,
  type TimerName,
  visiblePopup,
} from './inactivity-machine';

/** spec 4: the events that count as user activity. */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keypress', 'touchmove', 'touchstart', 'scroll'] as const;

/** What the controller needs of `window` (activity events) and `document` (visibility). */
export interface ListenerTarget {
  addEventListener(type: string, listener: () => void, options?: { passive?: boolean; capture?: boolean }): void;
  removeEventListener(type: string, listener: () => void, options?: { capture?: boolean }): void;
}
export interface VisibilitySource extends ListenerTarget {
  readonly visibilityState: string;
}

export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface InactivityControllerOptions {
  limits?: InactivityLimits;
  now?: () => number;
  scheduler?: Scheduler;
  /** Usually `window`. */
  activityTarget?: ListenerTarget;
  /** Usually `document`. */
  visibility?: VisibilitySource;
  /** This browser's persistent device id (spec 3). */
  deviceId: string;
  /** Reads the caller's stored activity record (the `getMyActivity` route). */
  loadStoredActivity: () => Promise<StoredActivity | null>;
  /** Activity to stamp on the record; `immediate` asks for a write now (login, Continue Session). */
  onActivity: (at: number, immediate: boolean) => void;
  /** The session expired: log the user out. The expired popup stays until `dismissExpired()`. */
  onExpired: () => void;
  log?: (message: string, error?: unknown) => void;
}

/** What the inactivity popups show (spec 2): which popup, and the countdown while warning. */
export interface InactivityView {
  popup: 'warning' | 'expired' | null;
  remainingSeconds: number;
}

const browserScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

export class InactivityController {
  private state: InactivityState = INITIAL_INACTIVITY_STATE;
  private view: InactivityView = { popup: null, remainingSeconds: 0 };
  private readonly timers = new Map<TimerName, unknown>();
  private readonly listeners = new Set<() => void>();
  private readonly limits: InactivityLimits;
  private readonly now: () => number;
  private readonly scheduler: Scheduler;
  /** Bumped on every sign-in or sign-out, so a slow stored-record read cannot act on a later session. */
  private generation = 0;
  private unmount: (() => void) | null = null;

  constructor(private readonly options: InactivityControllerOptions) {
    this.limits = options.limits ?? DEFAULT_INACTIVITY_LIMITS;
    this.now = options.now ?? Date.now;
    this.scheduler = options.scheduler ?? browserScheduler;
  }

  /** For `useSyncExternalStore`: the full machine state (changes on every counted activity). */
  getSnapshot = (): InactivityState => this.state;

  /**
   * For `useSyncExternalStore`: only what the popups show. The object changes only when the popup or the
   * countdown does, so the component using it does not re-render on every mouse move.
   */
  getView = (): InactivityView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Attaches the activity and visibility listeners; returns the function that detaches them. */
  mount(): () => void {
    if (this.unmount) return this.unmount;
    const { activityTarget, visibility } = this.options;
    const onActivity = () => this.dispatch({ type: 'activity', now: this.now() });
    const onVisibility = () => {
      if (visibility?.visibilityState === 'visible') this.dispatch({ type: 'visible', now: this.now() });
    };
    for (const type of ACTIVITY_EVENTS)
      activityTarget?.addEventListener(type, onActivity, { passive: true, capture: true });
    visibility?.addEventListener('visibilitychange', onVisibility);
    this.unmount = () => {
      for (const type of ACTIVITY_EVENTS) activityTarget?.removeEventListener(type, onActivity, { capture: true });
      visibility?.removeEventListener('visibilitychange', onVisibility);
      for (const timer of [...this.timers.keys()]) this.cancel(timer);
      this.unmount = null;
    };
    return this.unmount;
  }

  /**
   * A user signed in: `restored` when the session was found on page load (spec 4 startup check);
   * `signedInAt` when they signed in, if known (a login the stored record may not show yet).
   */
  signedIn(restored: boolean, signedInAt: number | null = null): void {
    this.generation += 1;
    this.dispatch({ type: 'signedIn', now: this.now(), restored, signedInAt });
  }

  signedOut(): void {
    this.generation += 1;
    this.dispatch({ type: 'signedOut' });
  }

  routeChanged(path: string): void {
    this.dispatch({ type: 'routeChanged', path, now: this.now() });
  }

  continueSession(): void {
    this.dispatch({ type: 'continue', now: this.now() });
  }

  dismissExpired(): void {
    this.dispatch({ type: 'dismissExpired' });
  }

  dispatch(event: InactivityEvent): void {
    const { state, effects } = transition(this.state, event, this.limits);
    const changed = state !== this.state;
    this.state = state;
    if (changed) this.updateView();
    for (const effect of effects) this.run(effect);
    if (changed) for (const listener of this.listeners) listener();
  }

  private run(effect: InactivityEffect): void {
    switch (effect.type) {
      case 'schedule':
        this.cancel(effect.timer);
        this.timers.set(
          effect.timer,
          this.scheduler.setTimeout(() => {
            this.timers.delete(effect.timer);
            this.dispatch({ type: 'timerFired', timer: effect.timer, now: this.now() });
          }, effect.delayMs),
        );
        return;
      case 'cancel':
        this.cancel(effect.timer);
        return;
      case 'recordActivity':
        this.options.onActivity(effect.at, effect.immediate);
        return;
      case 'checkStoredActivity':
        void this.checkStoredActivity(effect.reason);
        return;
      case 'expire':
        this.options.onExpired();
        return;
      case 'log':
        (this.options.log ?? ((message, error) => console.error(message, error)))(effect.message, effect.error);
        return;
    }
  }

  private updateView(): void {
    const popup = visiblePopup(this.state);
    const remainingSeconds = popup === 'warning' ? this.state.remainingSeconds : 0;
    if (popup !== this.view.popup || remainingSeconds !== this.view.remainingSeconds) {
      this.view = { popup, remainingSeconds };
    }
  }

  private cancel(timer: TimerName): void {
    if (!this.timers.has(timer)) return;
    this.scheduler.clearTimeout(this.timers.get(timer));
    this.timers.delete(timer);
  }

  private async checkStoredActivity(reason: CheckReason): Promise<void> {
    const generation = this.generation;
    try {
      const record = await this.options.loadStoredActivity();
      if (generation !== this.generation) return;
      this.dispatch({ type: 'storedActivityLoaded', reason, now: this.now(), record, deviceId: this.options.deviceId });
    } catch (error) {
      if (generation !== this.generation) return;
      this.dispatch({ type: 'storedActivityFailed', reason, now: this.now(), error });
    }
  }
}
