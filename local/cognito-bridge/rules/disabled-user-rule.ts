import { CognitoError } from '../cognito-error';
import { findUser, type EmulatorUser } from '../emulator-users';

/** The user an authentication request is for: by USERNAME, or by the owner of a refresh token. */
export function userOfAuthRequest(body: Record<string, unknown>, users: EmulatorUser[]): EmulatorUser | undefined {
  const params = (body['AuthParameters'] ?? {}) as Record<string, unknown>;
  const username = params['USERNAME'];
  if (typeof username === 'string') return findUser(users, username);
  const refresh = params['REFRESH_TOKEN'] ?? body['RefreshToken'];
  if (typeof refresh === 'string') return users.find((u) => u.RefreshTokens?.includes(refresh));
  return undefined;
}

const AUTH_OPERATIONS = new Set(['InitiateAuth', 'AdminInitiateAuth', 'GetTokensFromRefreshToken']);

/** cognito-local lets a disabled user sign in and refresh; Cognito answers NotAuthorizedException. */
export function refuseDisabledUser(
  operation: string,
  body: Record<string, unknown>,
  users: () => EmulatorUser[],
): void {
  if (!AUTH_OPERATIONS.has(operation)) return;
  const user = userOfAuthRequest(body, users());
  if (user && user.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
}
