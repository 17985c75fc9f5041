/**
 * One object per page that ties the inactivity controller (popups, expiry) to the activity record sync
 * (spec 3, 4, 7, 9). The React hook `useInactivity` owns one; the API calls and the logout are handed in
 * with `setHandlers`, so this module imports nothing from the app.
 */
import { SESSION } from '../../../../../core/constants';
import type { PutActivityInput } from '../../../../../core/schemas/activity';
import {
  activityStatus,
  buildActivityReport,
  countOpenTabs,
  forgetTab,
  getOrCreateDeviceId,
  readBrowserEnvironment,
  sessionIdForThisLoad,
  type BrowserEnvironment,
  type StorageLike,
} from './activity-record';
import { ActivitySync } from './activity-sync';
import {
  InactivityController,
  type InactivityView,
  type ListenerTarget,
  type Scheduler,
  type VisibilitySource,
} from './inactivity-controller';
import { DEFAULT_INACTIVITY_LIMITS, type InactivityLimits, type StoredActivity } from './inactivity-machine';

export interface SessionActivityHandlers {
  /** The `putActivity` route. */
  putActivity: (input: PutActivityInput) => Promise<unknown>;
  /** The `getMyActivity` route's `activity` (null when none is stored). */
  getMyActivity: () => Promise<StoredActivity | null>;
  /** spec 4: the session expired; log the user out (the expired popup stays until dismissed). */
  onExpired: () => void;
  log?: (message: string, error?: unknown) => void;
}

export interface SessionActivityOptions {
  limits?: InactivityLimits;
  storage?: StorageLike | null;
  env?: BrowserEnvironment;
  now?: () => number;
  scheduler?: Scheduler;
  /** `window` in the browser: activity events and pagehide. */
  activityTarget?: ListenerTarget;
  /** `document` in the browser: visibilitychange. */
  visibility?: VisibilitySource;
}

const noHandlers: SessionActivityHandlers = {
  putActivity: async () => undefined,
  getMyActivity: async () => null,
  onExpired: () => {},
};

/** Tabs that have not reported for 2.5 sync periods are taken as closed. */
const TAB_STALE_MS = SESSION.activitySyncMs * 2.5;

export class SessionActivity {
  readonly controller: InactivityController;
  readonly deviceId: string;
  readonly sessionId: string;
  private readonly sync: ActivitySync;
  private readonly startTime: number;
  private readonly storage: StorageLike | null;
  private readonly now: () => number;
  private handlers: SessionActivityHandlers = noHandlers;
  private currentRoute = '/';
  private ended = true;
  private ending: Promise<void> | null = null;

  constructor(private readonly options: SessionActivityOptions = {}) {
    this.now = options.now ?? Date.now;
    this.storage = options.storage ?? null;
    this.deviceId = getOrCreateDeviceId(this.storage);
    this.sessionId = sessionIdForThisLoad();
    this.startTime = this.now();
    const env = options.env ?? readBrowserEnvironment();
    const log = (message: string, error?: unknown) => (this.handlers.log ?? console.warn)(message, error);
    this.sync = new ActivitySync({
      put: (input) => this.handlers.putActivity(input),
      buildReport: (lastActivity, now) =>
        buildActivityReport({
          env,
          deviceId: this.deviceId,
          sessionId: this.sessionId,
          startTime: this.startTime,
          lastActivity,
          status: activityStatus(lastActivity, now, this.ended, SESSION.activitySyncMs),
          currentRoute: this.currentRoute,
          tabCount: countOpenTabs(this.storage, this.sessionId, now, TAB_STALE_MS),
        }),
      now: this.now,
      ...(options.scheduler ? { scheduler: options.scheduler } : {}),
      log,
    });
    this.controller = new InactivityController({
      limits: options.limits ?? DEFAULT_INACTIVITY_LIMITS,
      now: this.now,
      ...(options.scheduler ? { scheduler: options.scheduler } : {}),
      ...(options.activityTarget ? { activityTarget: options.activityTarget } : {}),
      ...(options.visibility ? { visibility: options.visibility } : {}),
      deviceId: this.deviceId,
      loadStoredActivity: () => this.handlers.getMyActivity(),
      onActivity: (at, immediate) => this.sync.markActivity(at, immediate),
      // The record says 'inactive' before the app logs out: the logout revokes the token the write needs.
      onExpired: () => void this.endSession().then(() => this.handlers.onExpired()),
      log: (message, error) => (this.handlers.log ?? console.error)(message, error),
    });
  }

  setHandlers(handlers: SessionActivityHandlers): void {
    this.handlers = handlers;
  }

  /** Attaches the browser listeners; returns the function that detaches them. */
  mount(): () => void {
    const unmountController = this.controller.mount();
    const onPageHide = () => forgetTab(this.storage, this.sessionId);
    this.options.activityTarget?.addEventListener('pagehide', onPageHide);
    return () => {
      unmountController();
      this.options.activityTarget?.removeEventListener('pagehide', onPageHide);
      this.sync.stop();
    };
  }

  /**
   * A user is signed in; `restored` when the session was found on page load rather than by logging in;
   * `signedInAt` when they signed in, if known.
   */
  signedIn(restored: boolean, signedInAt: number | null = null): void {
    this.ended = false;
    this.sync.start(this.now());
    this.controller.signedIn(restored, signedInAt);
  }

  /**
   * The session ends (sign-out, expiry): the record is written once more as 'inactive' before the sync stops,
   * so the admin dashboard's "users active now" drops the user at once instead of after its 5-minute window.
   * Call it while the token still works; a second call waits for the same write.
   */
  endSession(): Promise<void> {
    if (this.ending) return this.ending;
    if (this.ended) return Promise.resolve();
    this.ended = true;
    this.ending = this.sync.finish().finally(() => {
      this.ending = null;
    });
    return this.ending;
  }

  signedOut(): void {
    this.ended = true;
    this.sync.stop();
    this.controller.signedOut();
  }

  routeChanged(path: string): void {
    this.currentRoute = path;
    this.controller.routeChanged(path);
  }

  continueSession = (): void => this.controller.continueSession();
  dismissExpired = (): void => this.controller.dismissExpired();
  subscribe = (listener: () => void): (() => void) => this.controller.subscribe(listener);
  getView = (): InactivityView => this.controller.getView();
}
