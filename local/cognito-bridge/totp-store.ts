import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One user's authenticator app, as the bridge keeps it (cognito-local never sees it). */
export interface TotpRecord {
  /** The secret of the verified authenticator, once VerifySoftwareToken succeeded. */
  secret?: string;
  /** A secret handed out by AssociateSoftwareToken and not yet verified. */
  pendingSecret?: string;
  /** SetUserMFAPreference turned it on: Cognito asks for a code at every sign-in. */
  enabled: boolean;
  preferred: boolean;
  /**
   * Codes that signed the user in (or verified the authenticator), each with the time (ms) it may be used
   * again. Kept with the secret so a restart of the stack does not make a used code good again.
   */
  usedCodes?: Record<string, number>;
  /** Wrong codes since the last sign-in and the lockout they earned (ms), kept across restarts for the same reason. */
  failures?: { count: number; lockedUntil: number; lastAt: number };
}

export interface TotpStore {
  get(sub: string): TotpRecord | undefined;
  set(sub: string, record: TotpRecord): void;
}

/**
 * The bridge's own state: TOTP secrets and settings per user `sub`, in `bridge-mfa-{poolId}.json` beside
 * cognito-local's database (so it lives in `.local/data/cognito/`, survives restarts and goes with
 * `npm run reset`, and a new pool starts empty). Written whole on each change (temporary file, then rename).
 */
export function fileTotpStore(dataDir: string, userPoolId: string): TotpStore {
  const file = join(dataDir, `bridge-mfa-${userPoolId}.json`);
  const users = new Map<string, TotpRecord>(Object.entries(load(file)));
  return {
    get: (sub) => users.get(sub),
    set(sub, record) {
      users.set(sub, record);
      writeFileSync(`${file}.tmp`, JSON.stringify({ users: Object.fromEntries(users) }, null, 2));
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** A store that forgets on exit (unit tests). */
export function memoryTotpStore(): TotpStore {
  const users = new Map<string, TotpRecord>();
  return { get: (sub) => users.get(sub), set: (sub, record) => void users.set(sub, record) };
}

function load(file: string): Record<string, TotpRecord> {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { users?: Record<string, TotpRecord> };
  return parsed.users ?? {};
}
