import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import type { Group } from '../../constants';

/**
 * The spec's roles as the admin screens set them (spec 3 auth claims, spec 7 setRole/createUser): `role`
 * 'admin' or 'customer' plus `isSuperAdmin`. In Cognito they are groups: admin -> [admin], admin + super
 * admin -> [admin, superadmin], customer -> [customer] (docs/architecture.md "Roles and the route guard").
 */
export const USER_ROLES = ['admin', 'customer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const userRoleSchema = lazySchema(() => z.enum(USER_ROLES, { error: 'Role must be admin or customer' }));

export const SUPER_ADMIN_NEEDS_ADMIN = 'Only an admin can be a super admin';

/** The groups a role stands for, in the order they are granted. */
export function groupsForRole(role: UserRole, isSuperAdmin: boolean): Group[] {
  if (role === 'customer') return ['customer'];
  return isSuperAdmin ? ['admin', 'superadmin'] : ['admin'];
}

/** The role the groups stand for (a user in no group reads as a customer, spec 6's default). */
export function roleOfGroups(groups: readonly string[]): { role: UserRole; isSuperAdmin: boolean } {
  const isAdmin = groups.includes('admin') || groups.includes('superadmin');
  return { role: isAdmin ? 'admin' : 'customer', isSuperAdmin: isAdmin && groups.includes('superadmin') };
}
