import type { AdminUser } from '../../../../../core/schemas/users/user-admin';

/** The role as the portal names it (spec 3 local storage role labels: Customer, Admin, Super Admin). */
export function roleLabelOf(user: Pick<AdminUser, 'role' | 'isSuperAdmin'>): string {
  if (user.role === 'customer') return 'Customer';
  return user.isSuperAdmin ? 'Super Admin' : 'Admin';
}

/** An admin a super admin gave the billing permission (voiding invoices, recording payments, granting credit). */
export function hasBilling(user: Pick<AdminUser, 'groups'>): boolean {
  return user.groups.includes('billing');
}

/** Cognito account states other than CONFIRMED, in words (the state itself is shown for unknown ones). */
const ACCOUNT_STATES: Record<string, string> = {
  UNCONFIRMED: 'Sign-up not confirmed',
  FORCE_CHANGE_PASSWORD: 'Must change password',
  RESET_REQUIRED: 'Password reset required',
};

export function accountStateNote(status: string): string | null {
  if (status === 'CONFIRMED' || status === '') return null;
  return ACCOUNT_STATES[status] ?? status;
}

/** "First Last", or the email when the user has no name. */
export function userNameOf(user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter((part) => part.trim()).join(' ') || user.email;
}
