import type { ReactNode } from 'react';
import { useSession, type SessionContextValue } from '../../../web/src/lib/session-context';

/**
 * What the session-provider tests read and press: who is signed in, Log Out, and whatever else a test adds
 * (given the session, as the app's own buttons get it).
 */
export function SessionProbe({ more }: { more?: (session: SessionContextValue) => ReactNode }) {
  const session = useSession();
  return (
    <div>
      <span>{session.user ? `signed in as ${session.user.email}` : 'signed out'}</span>
      <button type="button" onClick={() => void session.logout()}>
        Log Out
      </button>
      {more?.(session)}
    </div>
  );
}
