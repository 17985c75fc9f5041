/**
 * The browser storage keys of spec 3, in one place: nameObject, termsAccepted, role, currentUser, deviceId
 * and the sidebar choice. They remember display facts between page loads; no access decision reads them
 * (the server checks the token, the app re-reads the session).
 */
import { forgetSessionSnapshot } from './session-snapshot';

export const STORAGE_KEYS = {
  nameObject: 'nameObject',
  termsAccepted: 'termsAccepted',
  role: 'role',
  currentUser: 'currentUser',
  /** Written by the session feature's activity record (features/session/model/activity-record.ts). */
  deviceId: 'deviceId',
  sidebarCollapsed: 'sidebarCollapsed',
} as const;

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

/** Every stored key that starts with `prefix` (read before removing any, since removing shifts the indexes). */
function keysStartingWith(prefix: string): string[] {
  const keys: string[] = [];
  try {
    const store = storage();
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
    ...keysStartingWith(ORDER_DRAFT_KEY_PREFIX),
  ]) {
    try {
      storage()?.removeItem(key);
    } catch {
      // nothing to forget
    }
  }
  forgetSessionSnapshot();
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
