import { PAGE_AREAS, PAGE_PATHS } from '../page-paths';
import { AUTH_STATUS, ROLES, type AuthStatus, type Role } from './auth-status';
import { homeLocation } from './home-navigation';
import { loginUrl } from './return-url';

/**
 * spec 2 route table and menus: the roles each guarded route requires. The most specific prefix wins;
 * a path under none of them requires no role (the guard still wants a verified session).
 */
export const ROUTE_ROLES: ReadonlyArray<{ prefix: string; roles: readonly Role[] }> = [
  { prefix: PAGE_PATHS.settings, roles: [ROLES.SUPERADMIN, ROLES.ADMIN, ROLES.CUSTOMER] },
  { prefix: PAGE_PATHS.notifications, roles: [ROLES.SUPERADMIN, ROLES.ADMIN, ROLES.CUSTOMER] },
  { prefix: PAGE_AREAS.customer, roles: [ROLES.CUSTOMER] },
  { prefix: PAGE_PATHS.userManagement, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.customerManagement, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.lensManagement, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.emailManagement, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.consultantSettings, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.productionSettings, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.webhooks, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.audit, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_PATHS.machineClients, roles: [ROLES.SUPERADMIN] },
  { prefix: PAGE_AREAS.admin, roles: [ROLES.ADMIN, ROLES.SUPERADMIN] },
];

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The requiredRole list of a path (spec 4), or null when the route requires none. */
export function requiredRolesFor(path: string): readonly Role[] | null {
  const p = path.split(/[?#]/, 1)[0] ?? '';
  const matches = ROUTE_ROLES.filter((r) => underPrefix(p, r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length);
  return matches[0]?.roles ?? null;
}

/** A super admin holds the admin role too (spec 6: admin role plus isSuperAdmin). */
export function hasRequiredRole(role: Role, required: readonly Role[]): boolean {
  return required.includes(role) || (role === ROLES.SUPERADMIN && required.includes(ROLES.ADMIN));
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; reason: 'access-denied' | 'email-not-verified' | 'account-not-verified' | 'login' };

export interface GuardFacts {
  status: AuthStatus;
  role: Role;
  termsAccepted: boolean;
}

/**
 * spec 4 "Route guard": a signed-in user without a required role goes to their home with access denied;
 * AUTHENTICATED users pass; an unverified email goes to /auth/verify-email and an unverified account
 * number to /auth/request; anyone else goes to login with a returnUrl. `url` is the requested path with
 * its query string. An anonymous user is sent to login first: there is no home to fall back to.
 */
export function decideRoute(url: string, facts: GuardFacts, required = requiredRolesFor(url)): GuardDecision {
  if (facts.status === AUTH_STATUS.UNAUTHENTICATED) return { kind: 'redirect', to: loginUrl(url), reason: 'login' };
  if (required && !hasRequiredRole(facts.role, required)) {
    return { kind: 'redirect', to: homeLocation(facts), reason: 'access-denied' };
  }
  switch (facts.status) {
    case AUTH_STATUS.AUTHENTICATED:
      return { kind: 'allow' };
    case AUTH_STATUS.EMAILNOTVERIFIED:
      return { kind: 'redirect', to: PAGE_PATHS.verifyEmail, reason: 'email-not-verified' };
    case AUTH_STATUS.ACCOUNTNUMBERNOTVERIFIED:
      return { kind: 'redirect', to: PAGE_PATHS.accountRequest, reason: 'account-not-verified' };
    default:
      return { kind: 'redirect', to: loginUrl(url), reason: 'login' };
  }
}
