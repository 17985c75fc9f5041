import { useEffect, useState, useSyncExternalStore } from 'react';
import { beforeSignOut } from '../../../lib/before-sign-out';
import { browserStorage } from '../../../lib/local-storage';
import { formatCountdown, inactivityLimitsFrom } from '../model/inactivity-machine';
import { SessionActivity, type SessionActivityHandlers } from '../model/session-activity';

export interface UseInactivityOptions extends SessionActivityHandlers {
  /**
   * The signed-in user, or null. `restored`: the session was found on page load (not a fresh login);
   * `signedInAt`: when the user signed in, if known (the ID token's `auth_time`).
   */
  session: { userId: string; restored: boolean; signedInAt?: number | null } | null;
  /** The current location's pathname. */
  path: string;
  /** The runtime config's `session` block (stage idle limits); read once, on mount. */
  limits?: { inactivityTimeoutMs: number; warningAfterMs: number } | null;
}

export interface UseInactivityResult {
  /** Which popup to show (spec 2 "Inactivity popups"); always null on the virtual consultant route. */
  popup: 'warning' | 'expired' | null;
  remainingSeconds: number;
  /** mm:ss for the warning text. */
  countdown: string;
  /** The warning's Continue Session button. */
  continueSession: () => void;
  /** The expired popup's Return to Login button (then navigate to /auth/login). */
  dismissExpired: () => void;
}

/**
 * spec 4 "Session inactivity" for the app shell: mount once, inside the router, with the session user and
 * the current path. It listens to activity and visibility, keeps the userActivity record in sync through
 * `putActivity`, checks it through `getMyActivity`, and calls `onExpired` when the session times out.
 */
export function useInactivity(options: UseInactivityOptions): UseInactivityResult {
  const { session, path, limits, putActivity, getMyActivity, onExpired, log } = options;
  const [activity] = useState(
    () =>
      new SessionActivity({
        limits: inactivityLimitsFrom(limits),
        storage: browserStorage(),
        activityTarget: window,
        visibility: document,
      }),
  );

  useEffect(() => {
    activity.setHandlers({ putActivity, getMyActivity, onExpired, ...(log ? { log } : {}) });
  }, [activity, putActivity, getMyActivity, onExpired, log]);

  useEffect(() => activity.mount(), [activity]);

  // Every logout (Log Out, an answer that ends the session, expiry) marks the record 'inactive' first.
  useEffect(() => beforeSignOut(() => activity.endSession()), [activity]);

  // The path first, so a sign-in on page load already knows which page it is on.
  useEffect(() => activity.routeChanged(path), [activity, path]);

  const userId = session?.userId ?? null;
  const restored = session?.restored ?? false;
  const signedInAt = session?.signedInAt ?? null;
  useEffect(() => {
    if (userId === null) return;
    activity.signedIn(restored, signedInAt);
    return () => activity.signedOut();
  }, [activity, userId, restored, signedInAt]);

  const view = useSyncExternalStore(activity.subscribe, activity.getView, activity.getView);
  return {
    popup: view.popup,
    remainingSeconds: view.remainingSeconds,
    countdown: formatCountdown(view.remainingSeconds),
    continueSession: activity.continueSession,
    dismissExpired: activity.dismissExpired,
  };
}
