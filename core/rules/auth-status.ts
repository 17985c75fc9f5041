/**
 * Who the signed-in user is to the portal (spec 4 "Auth status"): the four statuses and three roles, and
 * the one function that derives the status from what the app knows after sign-in.
 */
export const AUTH_STATUS = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  EMAILNOTVERIFIED: 'EMAILNOTVERIFIED',
  AUTHENTICATED: 'AUTHENTICATED',
  ACCOUNTNUMBERNOTVERIFIED: 'ACCOUNTNUMBERNOTVERIFIED',
} as const;
export type AuthStatus = (typeof AUTH_STATUS)[keyof typeof AUTH_STATUS];

export const ROLES = { CUSTOMER: 'customer', ADMIN: 'admin', SUPERADMIN: 'superadmin' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

/** The labels the old portal kept in local storage under `role` (spec 3). */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  admin: 'Admin',
  superadmin: 'Super Admin',
};

/**
 * The user's single effective role from their Cognito groups. A super admin is in `admin` and
 * `superadmin` (spec 6: admin role plus isSuperAdmin); a user in no known group is a customer, as the
 * activity record's default role says (spec 6).
 */
export function roleFromGroups(groups: readonly string[]): Role {
  if (groups.includes(ROLES.SUPERADMIN)) return ROLES.SUPERADMIN;
  if (groups.includes(ROLES.ADMIN)) return ROLES.ADMIN;
  return ROLES.CUSTOMER;
}

/** Admins and super admins: they need neither email verification nor an account number (spec 4, 6). */
export function isAdminRole(role: Role): boolean {
  return role === ROLES.ADMIN || role === ROLES.SUPERADMIN;
}

/** The outcome of loading the customer information (getCustomerInfo) for a customer. */
export type CustomerInfoLoad =
  { kind: 'ok'; accountNumber: string | null | undefined } | { kind: 'empty' } | { kind: 'failed' };

export interface AuthFacts {
  /** The signed-in user, or nothing. Only presence matters here. */
  user?: { userId: string } | null;
  groups: readonly string[];
  emailVerified: boolean;
  /** Customers with a verified email only; leave it out while the load has not finished. */
  customerInfo?: CustomerInfoLoad;
}

/** True when the status depends on the customer information, so the app must load it before deciding. */
export function needsCustomerInfo(facts: Pick<AuthFacts, 'user' | 'groups' | 'emailVerified'>): boolean {
  return Boolean(facts.user) && !isAdminRole(roleFromGroups(facts.groups)) && facts.emailVerified;
}

/**
 * spec 4: no user -> UNAUTHENTICATED; admins are always AUTHENTICATED; a non-admin with an unverified
 * email -> EMAILNOTVERIFIED; a verified customer whose customer-info load failed, returned nothing or gave
 * no account number -> ACCOUNTNUMBERNOTVERIFIED (a load not yet finished counts as nothing: access waits
 * for proof of an account, never the other way round); otherwise AUTHENTICATED.
 */
export function deriveAuthStatus(facts: AuthFacts): AuthStatus {
  if (!facts.user) return AUTH_STATUS.UNAUTHENTICATED;
  if (isAdminRole(roleFromGroups(facts.groups))) return AUTH_STATUS.AUTHENTICATED;
  if (!facts.emailVerified) return AUTH_STATUS.EMAILNOTVERIFIED;
  const info = facts.customerInfo;
  if (info?.kind === 'ok' && typeof info.accountNumber === 'string' && info.accountNumber.trim() !== '') {
    return AUTH_STATUS.AUTHENTICATED;
  }
  return AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED;
}
