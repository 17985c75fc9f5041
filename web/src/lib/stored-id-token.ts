/**
 * The stored ID token's claims, read from localStorage alone (no Amplify). Amplify's TokenStore keeps the last
 * user's name under `CognitoIdentityServiceProvider.{clientId}.LastAuthUser` and their ID token under
 * `….{username}.idToken`. Apart from stored-session-keys.ts, which the entry imports: only the app needs this.
 */
import { TOKEN_KEY_PREFIX } from './stored-session-keys';

/** A JWT's payload, unverified; null when `token` is not one. */
function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
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
