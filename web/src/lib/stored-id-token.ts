/**
 * The stored ID token's claims, read from localStorage alone (no Amplify). Amplify's TokenStore keeps the last
 * user's name under `CognitoIdentityServiceProvider.{clientId}.LastAuthUser` and their ID token under
 * `….{username}.idToken`. Apart from stored-session-keys.ts, which the entry imports: only the app needs this.
 */
import { jwtDecode } from 'jwt-decode';
import { TOKEN_KEY_PREFIX } from './stored-session-keys';

/** A JWT's payload, unverified; null when `token` is not one or its payload is not an object. */
function jwtPayload(token: string): Record<string, unknown> | null {
  try {
    const payload: unknown = jwtDecode(token);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of the stored ID token of `clientId`'s last user, unverified, or null. Only for choosing what to
 * show before Amplify has loaded (the answers kept at the last visit, app/providers/kept-session.ts): nothing is
 * allowed on them; Amplify reads the same token once loaded, and the API checks every call's token itself.
 */
export function storedIdTokenClaims(clientId: string): Record<string, unknown> | null {
  try {
    const client = `${TOKEN_KEY_PREFIX}${clientId}`;
    const username = localStorage.getItem(`${client}.LastAuthUser`);
    const token = username ? localStorage.getItem(`${client}.${username}.idToken`) : null;
    return token ? jwtPayload(token) : null;
  } catch {
    return null;
  }
}
