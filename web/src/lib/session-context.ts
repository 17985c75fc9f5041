/**
 * The signed-in session as the pages see it. The app's session provider (app/providers) fills it from
 * Amplify, getMyProfile and getCustomerInfo; features only read it through `useSession()`, so they depend
 * on this contract and not on each other.
 */
import { createContext, useContext } from 'react';
import type { AuthStatus, Role } from '../../../core/rules/auth-status';
import type { CustomerInfo } from '../../../core/schemas/customers/customer-info';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import { rolesIn, type PracticeRole } from '../../../core/rules/practice-roles';
import type { SessionUser } from './auth-session';

export interface CustomerAccounts {
  /** Customer info of the selected account (spec 3 "Customer information response"). */
  info: CustomerInfo | null;
  /** The main account first, then the additional ones (spec 1). */
  accounts: string[];
  selectedAccount: string | null;
  /** spec 2: switching account shows a loading state in the dropdown. */
  switching: boolean;
}

/** The facts home navigation and the route guard decide on (core/rules). */
export interface SessionFacts {
  status: AuthStatus;
  role: Role;
  termsAccepted: boolean;
  /** spec 4 "Home navigation" for these facts. */
  home: string;
}

/** A reloaded session's facts; `refusal` is the server's message when it refused the session. */
export interface ReloadedFacts extends SessionFacts {
  refusal?: string;
}

/** What the sign-in page is told when an API answer ended the session (router state of its navigation). */
export interface SignedOutState {
  sessionEnded: string;
}

export interface SessionContextValue extends SessionFacts {
  /** The session check is running (start-up, or after sign-in). */
  checking: boolean;
  /** The session was found on page load rather than made by signing in (spec 4 start-up check). */
  restored: boolean;
  /** The user just chose Log Out (the guard then sends them to login without a returnUrl). */
  loggedOut: boolean;
  /**
   * The facts are the answers kept from the user's last visit (lib/session-snapshot.ts) and fresh ones are
   * loading: pages may show them, but nothing may act on them (the layout stays inert until they arrive).
   */
  cached: boolean;
  user: SessionUser | null;
  profile: UserProfile | null;
  /** "First Last", or the email when the profile has no name. */
  displayName: string;
  customer: CustomerAccounts;
  /**
   * Reads the session again (after sign-in, email verification); resolves with the new facts, and with the
   * server's reason when it refused the session.
   */
  reload: (options?: { forceRefresh?: boolean; restored?: boolean }) => Promise<ReloadedFacts>;
  /**
   * Ends this device's session here and on the server; `redirect: false` stays on the page (session expiry).
   * `everywhere` ends every session of the user (Settings) and rejects, signed in still, when the server could
   * not do it (docs/decisions/0019-sign-out-per-device.md).
   */
  logout: (options?: { redirect?: boolean; everywhere?: boolean }) => Promise<void>;
  /** spec 2: loads customer info for another of the user's accounts. */
  switchAccount: (account: string) => Promise<void>;
  /** After acceptTerms succeeded. */
  markTermsAccepted: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside the session provider');
  return session;
}

/**
 * The account a practice's pages show: the one chosen in the sidebar, else the user's main account; null
 * until the customer info has loaded (or for a user with no account).
 */
export function useAccountInView(): string | null {
  const { customer } = useSession();
  return customer.selectedAccount ?? customer.info?.accountNumber ?? null;
}

/**
 * The user's roles in the practice in view (core/rules/practice-roles.ts); null for a user with no practice in
 * view. Menus and pages offer only what these allow; the server checks them again.
 */
export function usePracticeRoles(): PracticeRole[] | null {
  const session = useSession();
  const account = useAccountInView();
  if (!account) return null;
  return rolesIn(session.profile?.practiceRoles, account);
}
