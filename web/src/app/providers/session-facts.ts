/**
 * Turns what the session provider loaded into the facts of core/rules (spec 4): auth status, role, terms,
 * home location. Pure, so the provider stays a thin shell around it.
 */
import {
  deriveAuthStatus,
  needsCustomerInfo,
  roleFromGroups,
  ROLE_LABELS,
  type CustomerInfoLoad,
} from '../../../../core/rules/auth-status';
import { homeLocation } from '../../../../core/rules/home-navigation';
import type { CustomerInfo } from '../../../../core/schemas/customers/customer-info';
import type { MyProfile } from '../../../../core/schemas/users/user-profile';
import type { SessionUser } from '../../lib/auth-session';
import type { SessionSnapshot } from '../../lib/session-snapshot';
import type { SignedInUserFacts, StoredRoleLabel } from '../../lib/local-storage';
import type { SessionFacts } from '../../lib/session-context';

export interface LoadedSession {
  user: SessionUser | null;
  profile: MyProfile | null;
  /** Only for customers with a verified email (spec 4). */
  customerInfoLoad: CustomerInfoLoad | undefined;
  customerInfo: CustomerInfo | null;
  /** The main account first, then the additional ones, from the first load. */
  accounts: string[];
  /** Found on page load (true) or made by signing in (false). */
  restored: boolean;
  /** The user chose Log Out: the guard sends them to a plain login page, with no way back to where they were. */
  loggedOut: boolean;
  /** The answers are the ones kept from the last visit (session-snapshot.ts); fresh ones are on their way. */
  cached: boolean;
}

export const SIGNED_OUT: LoadedSession = {
  user: null,
  profile: null,
  customerInfoLoad: undefined,
  customerInfo: null,
  accounts: [],
  restored: false,
  loggedOut: false,
  cached: false,
};

export function sessionFacts(session: LoadedSession): SessionFacts {
  const { user, profile } = session;
  const groups = profile?.groups ?? user?.groups ?? [];
  const status = deriveAuthStatus({
    user,
    groups,
    emailVerified: profile?.emailVerified ?? user?.emailVerified ?? false,
    ...(session.customerInfoLoad ? { customerInfo: session.customerInfoLoad } : {}),
  });
  const role = roleFromGroups(groups);
  const termsAccepted = profile?.profile.termsAccepted ?? false;
  return { status, role, termsAccepted, home: homeLocation({ status, role, termsAccepted }) };
}

/** The outcome of a customer-info load in the terms deriveAuthStatus reads. */
export function customerInfoLoadOf(info: CustomerInfo | null, failed: boolean): CustomerInfoLoad {
  if (failed) return { kind: 'failed' };
  return info ? { kind: 'ok', accountNumber: info.accountNumber } : { kind: 'empty' };
}

export function accountsOf(info: CustomerInfo | null): string[] {
  if (!info) return [];
  return [...new Set([info.accountNumber, ...info.additionalAccounts].filter(Boolean))];
}

/** "First Last", or the email when the profile has no name. */
export function displayNameOf(session: LoadedSession): string {
  const p = session.profile?.profile;
  const name = [p?.firstName, p?.lastName].filter((part) => part && part.trim()).join(' ');
  return name || p?.email || session.user?.email || '';
}

/** spec 3: what local storage keeps about the signed-in user. */
export function storedUserFacts(session: LoadedSession, facts: SessionFacts): SignedInUserFacts | null {
  if (!session.user) return null;
  return {
    firstName: session.profile?.profile.firstName ?? '',
    lastName: session.profile?.profile.lastName ?? '',
    termsAccepted: facts.termsAccepted,
    role: ROLE_LABELS[facts.role] as StoredRoleLabel,
    uid: session.user.userId,
    email: session.user.email,
  };
}

/** A restored session shown from the answers kept at the user's last visit, until fresh ones arrive. */
export function sessionFromSnapshot(user: SessionUser, snapshot: SessionSnapshot): LoadedSession | null {
  const info = snapshot.customerInfo;
  const needsInfo = needsCustomerInfo({
    user,
    groups: snapshot.profile.groups,
    emailVerified: snapshot.profile.emailVerified,
  });
  if (needsInfo && !info) return null;
  return {
    ...SIGNED_OUT,
    user,
    profile: snapshot.profile,
    restored: true,
    cached: true,
    ...(needsInfo && info
      ? { customerInfoLoad: customerInfoLoadOf(info, false), customerInfo: info, accounts: accountsOf(info) }
      : {}),
  };
}

/**
 * What to keep of a freshly loaded session for the next visit: a complete one only (a failed customer-info
 * load sends the user to /auth/request, which a kept copy must not hide), its main account's answer.
 */
export function snapshotOf(session: LoadedSession, savedAt: number): SessionSnapshot | null {
  if (!session.user || !session.profile || session.cached) return null;
  if (session.customerInfoLoad && session.customerInfoLoad.kind !== 'ok') return null;
  return { userId: session.user.userId, savedAt, profile: session.profile, customerInfo: session.customerInfo };
}
