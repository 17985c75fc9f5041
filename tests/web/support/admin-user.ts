import type { AdminUser } from '../../../core/schemas/users/user-admin';

/** A confirmed, enabled practice user as User Management lists it; tests change only what they check. */
export const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  userId: 'u-1',
  email: 'dana@practice.test',
  firstName: 'Dana',
  lastName: 'Fitter',
  enabled: true,
  emailVerified: true,
  status: 'CONFIRMED',
  groups: ['customer'],
  role: 'customer',
  isSuperAdmin: false,
  accountNumbers: [],
  createdAt: null,
  lastActivity: null,
  ...overrides,
});
