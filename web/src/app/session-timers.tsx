import { PAGE_PATHS } from '../../../core/page-paths';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { InactivityDialogs, getMyActivity, putActivity, useInactivity, useTokenRefresh } from '../features/session';
import { refreshTokens } from '../lib/auth-session';
import { logError } from '../lib/logger';
import { runtimeConfig } from '../lib/runtime-config';
import { useSession } from '../lib/session-context';

const logSessionError = (message: string, error?: unknown) => logError(message, error);

/**
 * The signed-in session's timers: token refresh on start and every 55 minutes (spec 4) and the inactivity
 * warning and expiry (spec 2, 4). The rules live in features/session; this wires them to the app.
 */
export default function SessionTimers() {
  const { user, checking, cached, restored, logout } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // The timers start on the fresh session, not on the answers kept from the last visit.
  const signedIn = user !== null && !checking && !cached;

  useTokenRefresh(signedIn, refreshTokens);

  const onExpired = useCallback(() => void logout({ redirect: false }), [logout]);
  const inactivity = useInactivity({
    session: signedIn && user ? { userId: user.userId, restored, signedInAt: user.authTime ?? null } : null,
    path: location.pathname,
    limits: runtimeConfig().session,
    putActivity,
    getMyActivity,
    onExpired,
    log: logSessionError,
  });

  return (
    <InactivityDialogs
      popup={inactivity.popup}
      countdown={inactivity.countdown}
      onContinue={inactivity.continueSession}
      onLogout={() => void logout()}
      onReturnToLogin={() => {
        inactivity.dismissExpired();
        navigate(PAGE_PATHS.login, { replace: true });
      }}
    />
  );
}
