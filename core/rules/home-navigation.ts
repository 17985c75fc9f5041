import { PAGE_PATHS } from '../page-paths';
import { AUTH_STATUS, isAdminRole, ROLES, type AuthStatus, type Role } from './auth-status';

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
  if (facts.status === AUTH_STATUS.UNAUTHENTICATED) return PAGE_PATHS.login;
  const customer = !isAdminRole(facts.role);
  if (customer && !facts.termsAccepted) return PAGE_PATHS.terms;
  if (customer && facts.status === AUTH_STATUS.EMAILNOTVERIFIED) return PAGE_PATHS.verifyEmail;
  if (facts.status === AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED) return PAGE_PATHS.accountRequest;
  return facts.role === ROLES.CUSTOMER ? PAGE_PATHS.customerHome : PAGE_PATHS.adminHome;
}
