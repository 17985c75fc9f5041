/**
 * Whether this browser may hold a signed-in session, read from localStorage's keys alone (no Amplify): Amplify
 * keeps a user pool client's tokens under `CognitoIdentityServiceProvider.{clientId}.…` (its TokenStore).
 */
export const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * False only when no stored key starts with the tokens' prefix: of `clientId`, or of any client (main.tsx, before
 * the runtime config names the stage's).
 */
export function mayHoldStoredSession(clientId?: string): boolean {
  const prefix = clientId === undefined ? TOKEN_KEY_PREFIX : `${TOKEN_KEY_PREFIX}${clientId}.`;
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(prefix)) return true;
    return false;
  } catch {
    return true; // storage we cannot read: only Amplify can tell
  }
}
