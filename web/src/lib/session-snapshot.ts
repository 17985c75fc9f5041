/**
 * The last session answers (getMyProfile and the main account's getCustomerInfo) kept in this browser, so a
 * returning user's page shows at once while the session provider asks for fresh ones (stale while
 * revalidate). Only display data: the route guard waits for the fresh answers before the page can be used
 * (the layout is inert meanwhile), and the API checks every call itself. Never holds a token.
 *
 * localStorage, not sessionStorage: the user returns in a new tab (a bookmark, the next morning), where
 * Amplify's tokens in localStorage keep them signed in but a tab's sessionStorage starts empty. It lives
 * exactly as long as the session's own tokens may: one entry, for one user (`userId`, the token's `sub`),
 * removed at logout, session expiry and revocation (forgetSignedInUser), on any 401 or 403 answer, when the
 * session check fails, and unused once older than the idle limit (the session may have expired meanwhile).
 */
import type { CustomerInfo } from '../../../core/schemas/customers/customer-info';
import type { MyProfile } from '../../../core/schemas/users/user-profile';
import type { SessionUser } from './auth-session';
import { SESSION_SNAPSHOT_KEY, readStored, removeStored, writeStored } from './local-storage';

export interface SessionSnapshot {
  userId: string;
  /** When the answers arrived, ms since epoch. */
  savedAt: number;
  profile: MyProfile;
  /** The main account's first page; null for users who need no customer info. */
  customerInfo: CustomerInfo | null;
}

export function forgetSessionSnapshot(): void {
  removeStored(SESSION_SNAPSHOT_KEY);
}

export function saveSessionSnapshot(snapshot: SessionSnapshot): void {
  // Full storage: better no copy than an old one.
  if (!writeStored(SESSION_SNAPSHOT_KEY, JSON.stringify(snapshot))) forgetSessionSnapshot();
}

const sameGroups = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((group) => b.includes(group));

/**
 * The kept answers when they belong to `user` and still describe them: the same user, the token's groups
 * and email verification (a role change is never shown on the old role's page), and younger than
 * `maxAgeMs`. Anything else is removed and null returned.
 */
export function readSessionSnapshot(
  user: SessionUser,
  /** The stage's idle limit, read only when a copy is kept. */
  maxAgeMs: () => number,
  now = Date.now(),
): SessionSnapshot | null {
  let kept: Partial<SessionSnapshot> | null;
  try {
    const raw = readStored(SESSION_SNAPSHOT_KEY);
    kept = raw ? (JSON.parse(raw) as Partial<SessionSnapshot>) : null;
  } catch {
    kept = null;
  }
  if (!kept) {
    forgetSessionSnapshot();
    return null;
  }
  const { profile, customerInfo, savedAt } = kept;
  const usable =
    kept.userId === user.userId &&
    typeof savedAt === 'number' &&
    now - savedAt >= 0 &&
    now - savedAt < maxAgeMs() &&
    profile?.profile?.userId === user.userId &&
    Array.isArray(profile.groups) &&
    sameGroups(profile.groups, user.groups) &&
    profile.emailVerified === user.emailVerified &&
    (customerInfo === null || (typeof customerInfo?.accountNumber === 'string' && Array.isArray(customerInfo.orders)));
  if (!usable) {
    forgetSessionSnapshot();
    return null;
  }
  return kept as SessionSnapshot;
}

/** A change the user made to their own profile (accepting the terms) also goes into the kept copy. */
export function reviseSnapshotProfile(userId: string, revise: (profile: MyProfile) => MyProfile): void {
  try {
    const raw = readStored(SESSION_SNAPSHOT_KEY);
    const kept = raw ? (JSON.parse(raw) as SessionSnapshot) : null;
    if (kept?.userId === userId && kept.profile) saveSessionSnapshot({ ...kept, profile: revise(kept.profile) });
  } catch {
    forgetSessionSnapshot();
  }
}
