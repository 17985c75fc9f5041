/**
 * The browser storage keys of spec 3, in one place: nameObject, termsAccepted, role, currentUser, deviceId
 * and the sidebar choice. They remember display facts between page loads; no access decision reads them
 * (the server checks the token, the app re-reads the session).
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

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked storage: nothing is remembered
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // full or blocked storage: the facts are only a convenience
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** spec 3: what the portal keeps about the signed-in user. */
export function rememberSignedInUser(facts: SignedInUserFacts): void {
  write(STORAGE_KEYS.nameObject, JSON.stringify({ firstName: facts.firstName, lastName: facts.lastName }));
  write(STORAGE_KEYS.termsAccepted, String(facts.termsAccepted));
  write(STORAGE_KEYS.role, facts.role);
  write(STORAGE_KEYS.currentUser, JSON.stringify({ uid: facts.uid, email: facts.email }));
}

/** On logout: the user's facts go; the device id and the sidebar choice belong to the browser and stay. */
export function forgetSignedInUser(): void {
  for (const key of [
    STORAGE_KEYS.nameObject,
    STORAGE_KEYS.termsAccepted,
    STORAGE_KEYS.role,
    STORAGE_KEYS.currentUser,
  ]) {
    try {
      storage()?.removeItem(key);
    } catch {
      // nothing to forget
    }
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
