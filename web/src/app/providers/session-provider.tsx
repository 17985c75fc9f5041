/**
 * Owns the signed-in session: reads the user from Amplify, loads getMyProfile and (for verified customers)
 * getCustomerInfo, derives the spec 4 facts, switches accounts, and logs out. Pages read it through
 * `useSession()` (lib/session-context.ts). Mounted once, inside the router, so logout can navigate.
 *
 * A returning user's first render is the session kept at their last visit (kept-session.ts), read without
 * Amplify; the start-up check, which loads Amplify, the API client and zod, starts once that render has painted.
 */
import { PAGE_PATHS } from '../../../../core/page-paths';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMatches, useNavigate, type UIMatch } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { needsCustomerInfo } from '../../../../core/rules/auth-status';
import { customerInfoQueryKey } from '../../features/customers';
import { afterNextPaint } from '../../lib/after-next-paint';
import { amplifyHub, mayHaveStoredSession } from '../../lib/amplify-auth';
import { setApiLogoutHandler } from '../../lib/api-logout';
import { readSessionUser, signOutLocally } from '../../lib/auth-session';
import { runBeforeSignOut } from '../../lib/before-sign-out';
import { isCallableError } from '../../lib/callable-error';
import { forgetSignedInUser, rememberSignedInUser, rememberTermsAccepted } from '../../lib/local-storage';
import { logError, logWarning } from '../../lib/logger';
import { failureMessage } from '../../lib/form-errors';
import { notifyLazily } from '../../lib/notify-lazily';
import { RuntimeConfigError } from '../../lib/runtime-config';
import { forgetSessionSnapshot, reviseSnapshotProfile, saveSessionSnapshot } from '../../lib/session-snapshot';
import {
  SessionContext,
  type ReloadedFacts,
  type SessionContextValue,
  type SignedOutState,
} from '../../lib/session-context';
import { SESSION_MESSAGES } from '../../../../core/messages';
import {
  accountsOf,
  customerInfoLoadOf,
  displayNameOf,
  sessionFacts,
  SIGNED_OUT,
  snapshotOf,
  storedUserFacts,
  type LoadedSession,
} from './session-facts';
import { signedInHandle } from '../route-table';
import { keptSession } from './kept-session';
import { sessionApi, startSessionCalls, takeEarlySession } from './session-start';

/** Whether the page opened is a signed-in one (app/router.tsx `requiresSignIn`, on the router's own matches). */
const onSignedInPage = (matches: readonly UIMatch[]) => matches.some(({ handle }) => signedInHandle(handle));

/**
 * The session of the first render: on a signed-in page, the kept one when there is one, its customer info placed
 * where the pages read it (dated when it was kept, so no reader takes it for fresh; the fresh answer replaces
 * it). Not on a public page: its first render must be its prerendered HTML (React hydrates it), and what it does
 * for a signed-in user (go home, to the terms) waits for the fresh answers.
 */
function firstSession(queryClient: QueryClient, matches: readonly UIMatch[]): LoadedSession | null {
  const kept = onSignedInPage(matches) ? keptSession() : null;
  if (!kept) return null;
  const { session, savedAt } = kept;
  if (session.user && session.customerInfo) {
    queryClient.setQueryData(customerInfoQueryKey(session.user.userId), session.customerInfo, { updatedAt: savedAt });
  }
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matches = useMatches();
  const [kept] = useState(() => firstSession(queryClient, matches));
  const [session, setSession] = useState<LoadedSession>(kept ?? SIGNED_OUT);
  const [checking, setChecking] = useState(kept === null);
  const [switching, setSwitching] = useState(false);
  /** Bumped by every load and logout, so a slow load cannot overwrite a newer answer. */
  const generation = useRef(0);
  const loggingOut = useRef(false);
  const sessionRef = useRef(session);
  // At commit, not in a passive effect: a click on Log Out right after the page showed its user must see that
  // user, or the server-side sign-out (which ends every session of the user) would be skipped.
  useLayoutEffect(() => {
    sessionRef.current = session;
  }, [session]);

  const loadSession = useCallback(
    async (forceRefresh: boolean, restored: boolean): Promise<LoadedSession> => {
      const early = restored && !forceRefresh ? await takeEarlySession() : null;
      const user = await readSessionUser(forceRefresh);
      if (!user) return SIGNED_OUT;
      // Both calls run at once (session-start.ts); the profile, not the token, decides what is used.
      const calls = early?.user.userId === user.userId ? early : await startSessionCalls(user);
      const { getMyProfileQueryOptions, getCustomerInfoQueryOptions, getCustomerInfo } = await sessionApi();
      const profile = await queryClient.fetchQuery({
        ...getMyProfileQueryOptions(user.userId),
        queryFn: () => calls.profile,
        staleTime: 0,
      });
      const signedIn: LoadedSession = { ...SIGNED_OUT, user, profile, restored };
      if (!needsCustomerInfo({ user, groups: profile.groups, emailVerified: profile.emailVerified })) return signedIn;
      // spec 4: a customer-info load that fails or returns nothing means ACCOUNTNUMBERNOTVERIFIED.
      try {
        const info = await queryClient.fetchQuery({
          ...getCustomerInfoQueryOptions(user.userId),
          queryFn: () => calls.customerInfo ?? getCustomerInfo(),
          staleTime: 0,
        });
        return {
          ...signedIn,
          customerInfoLoad: customerInfoLoadOf(info, false),
          customerInfo: info,
          accounts: accountsOf(info),
        };
      } catch (error) {
        logWarning('Customer information could not be loaded', error);
        return { ...signedIn, customerInfoLoad: customerInfoLoadOf(null, true) };
      }
    },
    [queryClient],
  );

  const clearSession = useCallback(
    (loggedOut: boolean) => {
      generation.current += 1;
      queryClient.clear();
      forgetSignedInUser();
      setSession({ ...SIGNED_OUT, loggedOut });
      setChecking(false);
    },
    [queryClient],
  );

  const signOutHere = useCallback(
    async (
      { redirect = true, everywhere = false }: { redirect?: boolean; everywhere?: boolean } = {},
      state?: SignedOutState,
    ) => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      try {
        if (everywhere) {
          // Every session of the user ends on the server first; if it cannot, the user stays signed in here
          // to try again, and the page says so.
          await runBeforeSignOut();
          await (await sessionApi()).signOutOnServer({ everywhere: true });
        }
      } catch (error) {
        loggingOut.current = false;
        throw error;
      }
      generation.current += 1;
      try {
        // Server-side first, while the token still works: the activity record says 'inactive', then this
        // device's session ends (docs/decisions/0019-sign-out-per-device.md). Amplify's sign-out then revokes the
        // refresh token, so no new tokens are minted from it.
        if (sessionRef.current.user && !everywhere) {
          await runBeforeSignOut();
          await sessionApi()
            .then((api) => api.signOutOnServer({}))
            .catch(() => undefined);
        }
        await signOutLocally().catch((error) => logWarning('Local sign-out failed', error));
      } finally {
        clearSession(redirect);
        loggingOut.current = false;
        if (redirect) navigate(PAGE_PATHS.login, { replace: true, ...(state ? { state } : {}) });
      }
    },
    [clearSession, navigate],
  );

  const logout = useCallback(
    (options?: { redirect?: boolean; everywhere?: boolean }) => signOutHere(options),
    [signOutHere],
  );

  /** An answer ended the session: sign out here and tell the sign-in page why, so nothing ends in silence. */
  const endedByServer = useCallback(
    () => signOutHere({}, { sessionEnded: SESSION_MESSAGES.endedByServer }),
    [signOutHere],
  );

  /** Loads the session for load number `mine` and applies it unless a newer load or a logout came since. */
  const check = useCallback(
    async (
      mine: number,
      { forceRefresh = false, restored = false }: { forceRefresh?: boolean; restored?: boolean },
    ) => {
      let loaded: LoadedSession;
      let refusal: string | undefined;
      try {
        loaded = await loadSession(forceRefresh, restored);
      } catch (error) {
        if (isCallableError(error) && error.httpStatus === 0) {
          // No answer at all: offline, the server too slow, or the page being left while the check ran (the
          // browser cancels its requests). Nothing says the session is bad, so the tokens, the order drafts kept
          // in this browser and the kept answers all stay; the guarded page goes to login meanwhile.
          logWarning('Session check got no answer', error);
          if (mine === generation.current) {
            notifyLazily('error', failureMessage(error, 'The portal could not be reached.'));
            setSession(SIGNED_OUT);
            setChecking(false);
          }
          return sessionFacts(SIGNED_OUT);
        }
        if (error instanceof RuntimeConfigError) {
          // The app shows why it cannot start instead (runtime-config.ts `onRuntimeConfigInvalid`, app/start.tsx):
          // the session is not at fault, so the user stays signed in for when the config is fixed.
          logError('Session check stopped: the portal configuration failed its check', error);
        } else {
          // spec 4: a guard error goes to login. Every decision needs the profile, so without it the session
          // cannot be used: the tokens are dropped and the user signs in again.
          logError('Session check failed', error);
          // The sign-in page shows the server's reason in its form (a 401 or 403 says why it refused).
          if (isCallableError(error) && error.httpStatus > 0 && error.httpStatus < 500) refusal = error.message;
          if (mine === generation.current) {
            notifyLazily('error', 'We could not load your account. Please sign in again.');
            await signOutLocally().catch(() => undefined);
          }
        }
        loaded = SIGNED_OUT;
      }
      const facts = sessionFacts(loaded);
      if (mine === generation.current) {
        setSession(loaded);
        setChecking(false);
        const stored = storedUserFacts(loaded, facts);
        if (stored) rememberSignedInUser(stored);
        // No session (it expired while the browser was closed): what the last user left here goes too.
        else if (!loaded.user) forgetSignedInUser();
        // A sign-out in another tab while this check ran has removed the tokens: keep nothing of the user then.
        const snapshot = mayHaveStoredSession() ? snapshotOf(loaded, Date.now()) : null;
        if (snapshot) saveSessionSnapshot(snapshot);
        else forgetSessionSnapshot();
      }
      return refusal ? { ...facts, refusal } : facts;
    },
    [loadSession],
  );

  const reload = useCallback(
    (options: { forceRefresh?: boolean; restored?: boolean } = {}): Promise<ReloadedFacts> => {
      const mine = ++generation.current;
      setChecking(true);
      return check(mine, options);
    },
    [check],
  );

  // The start-up session check (spec 2: the 'Verifying session...' overlay shows meanwhile, or the kept session).
  // It starts once the first render has painted: a returning user's page needs nothing it loads, and a first
  // visit's calls are already on their way (app/start.tsx).
  useEffect(
    () =>
      afterNextPaint(() => {
        void check(++generation.current, { restored: true });
      }),
    [check],
  );

  // spec 8: answers that demand it log the user out.
  useEffect(
    () =>
      setApiLogoutHandler((reason) => {
        if (!sessionRef.current.user) return;
        logWarning('Logged out after an API answer', undefined, { reason });
        void endedByServer();
      }),
    [endedByServer],
  );

  // A refresh token that no longer works (revoked, expired) ends the session. Only a signed-in user has one,
  // so Amplify's hub is not loaded for a visitor.
  const signedIn = session.user !== null;
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let ended = false;
    // After the first paint: a returning user's page shows before Amplify loads.
    const cancel = afterNextPaint(() => {
      amplifyHub()
        .then((hub) => {
          if (ended) return;
          stop = hub.listen('auth', ({ payload }) => {
            if (payload.event === 'tokenRefresh_failure' && sessionRef.current.user) void endedByServer();
          });
        })
        .catch((error) => logWarning('Amplify could not be loaded', error));
    });
    return () => {
      ended = true;
      cancel();
      stop?.();
    };
  }, [signedIn, endedByServer]);

  const switchAccount = useCallback(
    async (account: string) => {
      const user = sessionRef.current.user;
      if (!user || account === sessionRef.current.customerInfo?.accountNumber) return;
      setSwitching(true);
      try {
        const { getCustomerInfoQueryOptions } = await sessionApi();
        const info = await queryClient.fetchQuery(getCustomerInfoQueryOptions(user.userId, { account }));
        setSession((current) => (current.user?.userId === user.userId ? { ...current, customerInfo: info } : current));
      } catch (error) {
        logWarning('Switching account failed', error, { account });
        notifyLazily('error', `Account ${account} could not be loaded. ${failureMessage(error, 'Please try again.')}`);
      } finally {
        setSwitching(false);
      }
    },
    [queryClient],
  );

  const markTermsAccepted = useCallback(() => {
    rememberTermsAccepted(true);
    const userId = sessionRef.current.user?.userId;
    if (userId) {
      reviseSnapshotProfile(userId, (kept) => ({ ...kept, profile: { ...kept.profile, termsAccepted: true } }));
    }
    setSession((current) =>
      current.profile
        ? { ...current, profile: { ...current.profile, profile: { ...current.profile.profile, termsAccepted: true } } }
        : current,
    );
  }, []);

  const value = useMemo<SessionContextValue>(() => {
    const facts = sessionFacts(session);
    return {
      ...facts,
      checking,
      restored: session.restored,
      loggedOut: session.loggedOut,
      cached: session.cached,
      user: session.user,
      profile: session.profile?.profile ?? null,
      displayName: displayNameOf(session),
      customer: {
        info: session.customerInfo,
        accounts: session.accounts,
        selectedAccount: session.customerInfo?.accountNumber ?? null,
        switching,
      },
      reload,
      logout,
      switchAccount,
      markTermsAccepted,
    };
  }, [session, checking, switching, reload, logout, switchAccount, markTermsAccepted]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
