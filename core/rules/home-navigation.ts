import { AUTH_STATUS, isAdminRole, ROLES, type AuthStatus, type Role } from './auth-status';
import { AUTH_PATHS } from './public-routes';

export const HOME_PATHS = { admin: '/admin/home', customer: '/customer/home', terms: '/terms' } as const;

export interface HomeFacts {
  status: AuthStatus;
  role: Role;
  /** From the user's record; only customers must accept the terms (spec 6). */
  termsAccepted: boolean;
}

/**
 * spec 4 "Home navigation", in order: no user -> /auth/login; a customer who has not accepted the terms ->
 * /terms; a customer with an unverified email -> /auth/verify-email; ACCOUNTNUMBERNOTVERIFIED -> /auth/request;
 * otherwise /admin/home for admins and /customer/home for customers.
 */
export function homeLocation(facts: HomeFacts): string {
  if (facts.status === AUTH_STATUS.UNAUTHENTICATED) return AUTH_PATHS.login;
  const customer = !isAdminRole(facts.role);
  if (customer && !facts.termsAccepted) return HOME_PATHS.terms;
  if (customer && facts.status === AUTH_STATUS.EMAILNOTVERIFIED) return AUTH_PATHS.verifyEmail;
  if (facts.status === AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED) return AUTH_PATHS.request;
  return facts.role === ROLES.CUSTOMER ? HOME_PATHS.customer : HOME_PATHS.admin;
}
