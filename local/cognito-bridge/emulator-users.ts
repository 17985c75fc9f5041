import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** A user as cognito-local stores it in `.cognito/db/{poolId}.json`. */
export interface EmulatorUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
  Enabled?: boolean;
  UserStatus?: string;
  ConfirmationCode?: string;
  RefreshTokens?: string[];
}

/**
 * Reads cognito-local's data file. The bridge only reads it (for what the emulator's API cannot tell: a
 * pending confirmation code, who owns a refresh token); cognito-local stays the only writer.
 */
export function emulatorUsers(dataDir: string, userPoolId: string): EmulatorUser[] {
  const file = join(dataDir, '.cognito', 'db', `${userPoolId}.json`);
  if (!existsSync(file)) return [];
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const db = JSON.parse(readFileSync(file, 'utf8')) as { Users?: Record<string, EmulatorUser> };
      return Object.values(db.Users ?? {});
    } catch {
      // Caught mid-write: read again.
    }
  }
  return [];
}

export const emailOf = (user: EmulatorUser) => user.Attributes?.find((a) => a.Name === 'email')?.Value;

/** The user's `sub`, the id tokens and the portal's records name them by. */
export const subOf = (user: EmulatorUser) => user.Attributes?.find((a) => a.Name === 'sub')?.Value;

/** Finds a user by user name or email, the two ways Cognito accepts a USERNAME with email sign-in. */
export function findUser(users: EmulatorUser[], username: string): EmulatorUser | undefined {
  const wanted = username.toLowerCase();
  return users.find((u) => u.Username === username || emailOf(u)?.toLowerCase() === wanted);
}
