/**
 * The browser storage keys of spec 3, in one place: nameObject, termsAccepted, role, currentUser, deviceId
 * and the sidebar choice. They remember display facts between page loads; no access decision reads them
 * (the server checks the token, the app re-reads the session). Every read and write of the browser's storage
 * goes through the safe accessors below, since a blocked or full storage throws.
 */

export const STORAGE_KEYS = {
  nameObject: 'nameObject',
  termsAccepted: 'termsAccepted',
  role: 'role',
  currentUser: 'currentUser',
  /** Written by the session feature's activity record (features/session/model/activity-record.ts). */
  deviceId: 'deviceId',
  sidebarCollapsed: 'sidebarCollapsed',
} as const;

/** The last session answers (session-snapshot.ts), gone with the user's facts. */
export const SESSION_SNAPSHOT_KEY = 'sessionSnapshot';

/**
 * The order form's copies in this browser (features/orders/model/local-draft.ts) are kept under this prefix,
 * one per user and account. They hold patient names, so they go at logout and when the session expires
 *; the server copy of each draft stays, and the form reads it on the next sign-in.
 */
export const ORDER_DRAFT_KEY_PREFIX = 'orderDraft:';

/** spec 3: the role labels kept under `role`. */
export type StoredRoleLabel = 'Customer' | 'Admin' | 'Super Admin';

export interface SignedInUserFacts {
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
  role: StoredRoleLabel;
  uid: string;
  email: string;
}

/** localStorage outlives the tab; sessionStorage is this tab's alone and ends with it. */
export type StorageArea = 'local' | 'session';

/** The browser's storage, or null where it is blocked (a private mode, a sandboxed frame): nothing is remembered. */
export function browserStorage(area: StorageArea = 'local'): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The text kept under `key`; null when there is none or the storage cannot be read. */
export function readStored(key: string, area: StorageArea = 'local'): string | null {
  try {
    return browserStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; false when the storage is full or blocked (what is kept is only a convenience). */
export function writeStored(key: string, value: string, area: StorageArea = 'local'): boolean {
  try {
    browserStorage(area)?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string, area: StorageArea = 'local'): void {
  try {
    browserStorage(area)?.removeItem(key);
  } catch {
    // nothing to forget
  }
}

const write = (key: string, value: string) => void writeStored(key, value);
const read = (key: string) => readStored(key);

/** spec 3: what the portal keeps about the signed-in user. */
export function rememberSignedInUser(facts: SignedInUserFacts): void {
  write(STORAGE_KEYS.nameObject, JSON.stringify({ firstName: facts.firstName, lastName: facts.lastName }));
  write(STORAGE_KEYS.termsAccepted, String(facts.termsAccepted));
  write(STORAGE_KEYS.role, facts.role);
  write(STORAGE_KEYS.currentUser, JSON.stringify({ uid: facts.uid, email: facts.email }));
}

/** Every stored key that starts with `prefix` (read before removing any, since removing shifts the indexes). */
function keysStartingWith(prefix: string): string[] {
  const keys: string[] = [];
  try {
    const store = browserStorage();
    for (let i = 0; store && i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // blocked storage holds nothing
  }
  return keys;
}

/**
 * On logout and session expiry (the session provider's one clean-up): the user's facts, the kept session
 * answers (session-snapshot.ts) and every order draft kept in this browser go; the device id and the sidebar
 * choice belong to the browser and stay.
 */
export function forgetSignedInUser(): void {
  for (const key of [
    STORAGE_KEYS.nameObject,
    STORAGE_KEYS.termsAccepted,
    STORAGE_KEYS.role,
    STORAGE_KEYS.currentUser,
    SESSION_SNAPSHOT_KEY,
    ...keysStartingWith(ORDER_DRAFT_KEY_PREFIX),
  ]) {
    removeStored(key);
  }
}

export function rememberTermsAccepted(accepted: boolean): void {
  write(STORAGE_KEYS.termsAccepted, String(accepted));
}

/** spec 2: the remembered sidebar choice; null when the user never chose. */
export function readSidebarCollapsed(): boolean | null {
  const value = read(STORAGE_KEYS.sidebarCollapsed);
  return value === 'true' ? true : value === 'false' ? false : null;
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  write(STORAGE_KEYS.sidebarCollapsed, String(collapsed));
}
