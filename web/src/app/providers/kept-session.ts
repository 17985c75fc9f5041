/**
 * The session a returning user's page draws first: the answers kept at their last visit
 * (lib/session-snapshot.ts), for the user whose ID token this browser holds, read without Amplify or the API
 * client (lib/stored-id-token.ts). So the page paints from the HTML's scripts alone (React, the router, the
 * layout, the page): Amplify, the API client's route table and zod load after that paint, with the session check
 * that replaces these answers by fresh ones (session-provider.tsx). Display only: the layout stays inert and the
 * route guard decides nothing on it that the fresh answers could contradict (guarded-layout.tsx).
 */
import { userFromClaims } from '../../lib/auth-session';
import { runtimeConfig } from '../../lib/runtime-config';
import { readSessionSnapshot } from '../../lib/session-snapshot';
import { storedIdTokenClaims } from '../../lib/stored-id-token';
import { sessionFromSnapshot, type LoadedSession } from './session-facts';

export interface KeptSession {
  session: LoadedSession;
  /** When the kept answers arrived, ms since epoch. */
  savedAt: number;
}

/** The kept session for the stored token's user, or null (no config loaded, no token, no usable kept answers). */
export function keptSession(now = Date.now()): KeptSession | null {
  let config;
  try {
    config = runtimeConfig();
  } catch {
    return null;
  }
  const claims = storedIdTokenClaims(config.userPoolClientId);
  const user = claims && userFromClaims(claims);
  if (!user) return null;
  const snapshot = readSessionSnapshot(user, () => config.session.inactivityTimeoutMs, now);
  const session = snapshot && sessionFromSnapshot(user, snapshot);
  return session ? { session, savedAt: snapshot.savedAt } : null;
}
