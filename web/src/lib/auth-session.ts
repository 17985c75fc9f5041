/**
 * What the browser knows of the signed-in user, read from Amplify's ID token. The roles come from the
 * token's `cognito:groups` (docs/architecture.md "Roles and the route guard"); they decide only what the app shows, never what the
 * API allows (the server checks the verified token itself).
 */
import { amplifyAuth, mayHaveStoredSession } from './amplify-auth';
import { GROUPS, type Group } from '../../../core/constants';

export interface SessionUser {
  userId: string;
  email: string;
  groups: Group[];
  emailVerified: boolean;
  /** When the user signed in (the token's `auth_time`, ms since epoch; kept across token refreshes). */
  authTime?: number;
}

type Claims = Record<string, unknown>;

/** The user described by ID token claims; null when the claims lack a subject. */
export function userFromClaims(claims: Claims): SessionUser | null {
  const userId = typeof claims.sub === 'string' ? claims.sub : '';
  if (!userId) return null;
  const rawGroups = Array.isArray(claims['cognito:groups']) ? (claims['cognito:groups'] as unknown[]) : [];
  return {
    userId,
    email: typeof claims.email === 'string' ? claims.email : '',
    groups: GROUPS.filter((g) => rawGroups.includes(g)),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    ...(typeof claims.auth_time === 'number' ? { authTime: claims.auth_time * 1000 } : {}),
  };
}

/** The signed-in user, or null. `forceRefresh` fetches new tokens (after email verification, for example). */
export async function readSessionUser(forceRefresh = false): Promise<SessionUser | null> {
  if (!forceRefresh && !mayHaveStoredSession()) return null;
  const { fetchAuthSession } = await amplifyAuth();
  const { tokens } = await fetchAuthSession(forceRefresh ? { forceRefresh: true } : undefined);
  const claims = tokens?.idToken?.payload;
  return claims ? userFromClaims(claims as Claims) : null;
}

/** The current ID token for the Authorization header (spec 7), or null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  try {
    if (!mayHaveStoredSession()) return null;
    const { fetchAuthSession } = await amplifyAuth();
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** spec 4: token refresh on start and every 55 minutes (the session feature schedules it). */
export const refreshTokens = async () => (await amplifyAuth()).fetchAuthSession({ forceRefresh: true });

/** Ends the session in this browser (Amplify clears its stored tokens). */
export async function signOutLocally(): Promise<void> {
  await (await amplifyAuth()).signOut();
}
