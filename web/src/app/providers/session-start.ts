/**
 * The first API calls of a session, started together: getMyProfile, and getCustomerInfo when the ID token
 * already says the user will need it (a verified non-admin, `needsCustomerInfo`), instead of one after the
 * other. The profile still decides (session-provider.tsx): customer info started for a user the profile
 * says does not need it is dropped, and the route guard still decides before any page shows. app/start.tsx starts
 * them for a guarded page as soon as Amplify is configured, so they run while the page's modules load, unless
 * the page first shows the session kept at the user's last visit (kept-session.ts): then they start once it
 * has painted.
 */
import { needsCustomerInfo } from '../../../../core/rules/auth-status';
import { readSessionUser, type SessionUser } from '../../lib/auth-session';
import { verifyRuntimeConfig } from '../../lib/runtime-config';

/** The API calls of a session load with the first signed-in user: the sign-in page does not fetch the client. */
export const sessionApi = () => import('./session-api');

type SessionApi = typeof import('./session-api');

export interface SessionCalls {
  user: SessionUser;
  profile: ReturnType<SessionApi['getMyProfile']>;
  /** Null when the token says the user needs no customer info. */
  customerInfo: ReturnType<SessionApi['getCustomerInfo']> | null;
}

/** Started calls are awaited later: until then a failure is theirs to report, not an unhandled rejection. */
function started<T>(call: Promise<T>): Promise<T> {
  call.catch(() => undefined);
  return call;
}

export async function startSessionCalls(user: SessionUser): Promise<SessionCalls> {
  // They call the stage's API: its config is checked first (already, on a page that checked it before showing).
  const [{ getMyProfile, getCustomerInfo }] = await Promise.all([sessionApi(), verifyRuntimeConfig()]);
  return {
    user,
    profile: started(getMyProfile()),
    customerInfo: needsCustomerInfo({ user, groups: user.groups, emailVerified: user.emailVerified })
      ? started(getCustomerInfo())
      : null,
  };
}

let early: Promise<SessionCalls | null> | null = null;

/** start.tsx, for a guarded page: reads the stored session and starts its calls before React renders. */
export function startSessionEarly(): void {
  early = started(readSessionUser().then((user) => (user ? startSessionCalls(user) : null)));
}

/** The calls start.tsx started, once (the start-up check takes them; any later check makes its own). */
export function takeEarlySession(): Promise<SessionCalls | null> | null {
  const calls = early;
  early = null;
  return calls;
}
