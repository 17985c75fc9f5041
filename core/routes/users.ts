import { defineRoutes } from '../define-routes';
import { SUPER_ADMIN } from './access-groups';
import {
  adminResetPasswordInputSchema,
  adminResetPasswordOutputSchema,
  adminUserDetailSchema,
  createUserInputSchema,
  createUserOutputSchema,
  deleteUserInputSchema,
  deleteUserOutputSchema,
  getUserByUidInputSchema,
  overrideEmailVerificationInputSchema,
  overrideEmailVerificationOutputSchema,
  setBillingPermissionInputSchema,
  setBillingPermissionOutputSchema,
  setRoleInputSchema,
  setRoleOutputSchema,
  updateUserStatusInputSchema,
  updateUserStatusOutputSchema,
  userListInputSchema,
  userListOutputSchema,
} from '../schemas/users/user-admin';

/** The two User Management lists (lab staff, practice users) differ only in the group they read. */
const USER_LIST = {
  input: userListInputSchema,
  output: userListOutputSchema,
  access: SUPER_ADMIN,
  resources: {
    // emailSuppressions: the row says when the portal no longer mails the user (a bounce or a complaint).
    tables: { users: 'read', userActivity: 'read', emailSuppressions: 'read' },
    userPool: ['ListUsersInGroup', 'ListUsers', 'AdminListGroupsForUser'],
  },
} as const;

/** Portal users (spec 6/7 server functions, same names; super admins only). Routes that end a user's sessions
 * write `tokens` (revocation records; the last-super-admin lock). */
export const userRoutes = defineRoutes('users', {
  createUser: {
    input: createUserInputSchema,
    output: createUserOutputSchema,
    access: SUPER_ADMIN,
    // outbox: the invitation with the portal's address (the `user-invited` template), stored with the users record.
    resources: {
      tables: { users: 'write', emailTemplates: 'read', outbox: 'write' },
      userPool: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminDeleteUser'],
    },
  },
  deleteUser: {
    input: deleteUserInputSchema,
    output: deleteUserOutputSchema,
    access: SUPER_ADMIN,
    resources: {
      tables: { users: 'write', userActivity: 'write', tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'ListUsersInGroup',
        'AdminDeleteUser',
        'AdminUserGlobalSignOut',
      ],
    },
  },
  updateUserStatus: {
    input: updateUserStatusInputSchema,
    output: updateUserStatusOutputSchema,
    access: SUPER_ADMIN,
    resources: {
      tables: { tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'ListUsersInGroup',
        'AdminDisableUser',
        'AdminEnableUser',
        'AdminUserGlobalSignOut',
      ],
    },
  },
  overrideEmailVerification: {
    input: overrideEmailVerificationInputSchema,
    output: overrideEmailVerificationOutputSchema,
    access: SUPER_ADMIN,
    resources: { userPool: ['AdminGetUser', 'AdminUpdateUserAttributes'] },
  },
  adminResetPassword: {
    input: adminResetPasswordInputSchema,
    output: adminResetPasswordOutputSchema,
    access: SUPER_ADMIN,
    resources: {
      tables: { tokens: 'readWrite' },
      userPool: ['AdminGetUser', 'AdminSetUserPassword', 'AdminUserGlobalSignOut'],
    },
  },
  getAdminUsers: USER_LIST,
  getCustomerUsers: USER_LIST,
  getUserByUid: {
    input: getUserByUidInputSchema,
    output: adminUserDetailSchema,
    access: SUPER_ADMIN,
    resources: {
      // emailSuppressions: the row says when the portal no longer mails the user (a bounce or a complaint).
      tables: { users: 'read', userActivity: 'read', emailSuppressions: 'read' },
      userPool: ['AdminGetUser', 'AdminListGroupsForUser'],
    },
  },
  setRole: {
    input: setRoleInputSchema,
    output: setRoleOutputSchema,
    access: SUPER_ADMIN,
    resources: {
      tables: { users: 'readWrite', tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'ListUsersInGroup',
        'AdminAddUserToGroup',
        'AdminRemoveUserFromGroup',
        'AdminUserGlobalSignOut',
      ],
    },
  },
  setBillingPermission: {
    input: setBillingPermissionInputSchema,
    output: setBillingPermissionOutputSchema,
    access: SUPER_ADMIN,
    // tokens: taking the permission away ends the user's sessions (their tokens carry the group).
    resources: {
      tables: { tokens: 'readWrite' },
      userPool: [
        'AdminGetUser',
        'AdminListGroupsForUser',
        'AdminAddUserToGroup',
        'AdminRemoveUserFromGroup',
        'AdminUserGlobalSignOut',
      ],
    },
  },
});
