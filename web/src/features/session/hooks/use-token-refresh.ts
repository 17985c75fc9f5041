import { useEffect } from 'react';
import { startTokenRefresh } from '../model/token-refresh';

/**
 * spec 4: while a user is signed in, refresh the tokens on start and every 55 minutes. `refresh` is
 * Amplify's `() => fetchAuthSession({ forceRefresh: true })`; pass a stable function.
 */
export function useTokenRefresh(signedIn: boolean, refresh: () => Promise<unknown>): void {
  useEffect(() => (signedIn ? startTokenRefresh({ refresh }) : undefined), [signedIn, refresh]);
}
