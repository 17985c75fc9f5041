import type { UserListInput } from '../../../../../core/schemas/users/user-admin';

/** Which of User Management's two lists (spec 6: list admin users, list customer users). */
export type UserListKind = 'admins' | 'customers';

/**
 * The query keys of the user lists, in one factory: every user action invalidates `userKeys.all`, so both
 * lists (and the customer picker of Customer Management) show the change.
 */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (kind: UserListKind, input: UserListInput) => [...userKeys.all, kind, input] as const,
};
