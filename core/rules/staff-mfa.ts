/**
 * Two-step verification for lab staff (docs/decisions/0017-two-step-verification-for-lab-staff.md). Cognito's MFA
 * setting is per pool, so the pool has TOTP as an OPTIONAL factor and the portal
 * itself insists on it for staff: the SPA makes a staff member set it up before it calls the API, and the
 * handler wrapper refuses a staff caller whose Cognito user has no TOTP enabled. These are the shared facts
 * the wrapper, the CDK grants and the tests read.
 */
import type { Group } from '../constants';
import { groupsOf, type RouteAccess } from '../route-definition';

/** The groups that see every practice's patients: their members must use TOTP. */
export const STAFF_GROUPS: readonly Group[] = ['admin', 'superadmin', 'billing'];

/** A caller in any staff group is staff, whatever other groups they are in. */
export function isStaff(groups: readonly string[]): boolean {
  return groups.some((group) => (STAFF_GROUPS as readonly string[]).includes(group));
}

/**
 * Routes a staff member without TOTP may still call: ending one's own sessions is always safe, and the SPA's
 * Log Out calls it before TOTP is set up.
 */
export const STAFF_MFA_EXEMPT_ROUTES: ReadonlySet<string> = new Set(['signOut']);

/** The Cognito admin action the wrapper uses to read a user's MFA settings (UserMFASettingList). */
export const STAFF_MFA_COGNITO_ACTION = 'AdminGetUser';

/** The answer a staff caller without TOTP gets (403 permission-denied); the sign-in page then sets it up. */
export const STAFF_MFA_REQUIRED_MESSAGE =
  'Lab staff must use two-step verification. Sign in again to set up your authenticator app.';

/**
 * The answer to a staff token signed in at or before the user's last recorded second-factor change (401: the
 * browser signs out; docs/decisions/0101-staff-second-factor-recorded.md).
 */
export const STAFF_MFA_CHANGED_MESSAGE =
  'Your two-step verification changed after you signed in. Please sign in again with your authenticator code.';

/**
 * True when a route is open to staff and not exempt, i.e. when its handler may have to check a staff
 * caller's TOTP (and its function needs STAFF_MFA_COGNITO_ACTION).
 */
export function routeChecksStaffMfa(route: { name: string; access: RouteAccess }): boolean {
  return isStaff(groupsOf(route.access)) && !STAFF_MFA_EXEMPT_ROUTES.has(route.name);
}

/** The TOTP code format Cognito accepts: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** The issuer name authenticator apps show beside the account (the otpauth URI's issuer). */
export const TOTP_ISSUER = 'Lenslab Portal';
