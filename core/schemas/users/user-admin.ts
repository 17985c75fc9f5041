import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { GROUPS } from '../../constants';
import { pageCursorSchema, pageLimitSchema, pageSchema } from '../paging';
import { emailSuppressionSchema } from '../email/email-suppression';
import { emailSchema, newPasswordSchema } from '../auth/sign-up';
import { ID_PATTERN, optionalLine } from '../text-fields';
import { userIdSchema, userProfileSchema } from './user-profile';
import { SUPER_ADMIN_NEEDS_ADMIN, userRoleSchema } from './user-role';

export { userIdSchema };

/**
 * The super admins' user operations (spec 6 "Admin operations through server functions", spec 7 server
 * functions): same names and argument names as the old portal. Every input is strict, so a key the
 * operation does not take is refused rather than ignored.
 */

/** spec 5: "User ID is required." */
export const USER_ID_REQUIRED = 'User ID is required.';

const superAdminOnlyForAdmins = <T extends { role: string; isSuperAdmin: boolean }>(value: T) =>
  !(value.isSuperAdmin && value.role !== 'admin');

/** spec 7 createUser: email, password, role, isSuperAdmin (names optional: the invitation greets by name). */
export const createUserInputSchema = lazySchema(() =>
  z
    .strictObject({
      email: emailSchema,
      password: newPasswordSchema,
      role: userRoleSchema,
      isSuperAdmin: z._default(z.boolean(), false),
      firstName: optionalLine('First name', 100),
      lastName: optionalLine('Last name', 100),
    })
    .check(z.refine(superAdminOnlyForAdmins, { error: SUPER_ADMIN_NEEDS_ADMIN, path: ['isSuperAdmin'] })),
);
export type CreateUserInput = z.input<typeof createUserInputSchema>;
export const createUserOutputSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    /** False when the account was made but the invitation email could not be sent (tell the user yourself). */
    invitationSent: z.boolean(),
  }),
);

/** spec 7 deleteUser: userId. */
export const deleteUserInputSchema = lazySchema(() => z.strictObject({ userId: userIdSchema }));
export const deleteUserOutputSchema = lazySchema(() => z.object({ userId: z.string(), deleted: z.literal(true) }));

/** spec 7 updateUserStatus: userId, disabled. Disabling also ends the user's sessions at once. */
export const updateUserStatusInputSchema = lazySchema(() =>
  z.strictObject({ userId: userIdSchema, disabled: z.boolean({ error: 'disabled must be true or false' }) }),
);
export const updateUserStatusOutputSchema = lazySchema(() => z.object({ userId: z.string(), disabled: z.boolean() }));

/** spec 7 overrideEmailVerification: userId. */
export const overrideEmailVerificationInputSchema = lazySchema(() => z.strictObject({ userId: userIdSchema }));
export const overrideEmailVerificationOutputSchema = lazySchema(() =>
  z.object({ userId: z.string(), emailVerified: z.literal(true) }),
);

/** spec 7 adminResetPassword: userId, newPassword (the pool's password policy, core/password-policy.ts). */
export const adminResetPasswordInputSchema = lazySchema(() =>
  z.strictObject({ userId: userIdSchema, newPassword: newPasswordSchema }),
);
export const adminResetPasswordOutputSchema = lazySchema(() =>
  z.object({ userId: z.string(), passwordReset: z.literal(true) }),
);

/** spec 7 setRole: userId, role, isSuperAdmin. */
export const setRoleInputSchema = lazySchema(() =>
  z
    .strictObject({ userId: userIdSchema, role: userRoleSchema, isSuperAdmin: z._default(z.boolean(), false) })
    .check(z.refine(superAdminOnlyForAdmins, { error: SUPER_ADMIN_NEEDS_ADMIN, path: ['isSuperAdmin'] })),
);
export type SetRoleInput = z.input<typeof setRoleInputSchema>;
export const setRoleOutputSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    role: userRoleSchema,
    isSuperAdmin: z.boolean(),
    groups: z.array(z.enum(GROUPS)),
  }),
);

/** Gives a lab admin the billing permission, or takes it away (super admins; core/routes/access-groups.ts BILLING). */
export const setBillingPermissionInputSchema = lazySchema(() =>
  z.strictObject({ userId: userIdSchema, billing: z.boolean() }),
);
export const setBillingPermissionOutputSchema = lazySchema(() =>
  z.object({ userId: z.string(), billing: z.boolean(), groups: z.array(z.enum(GROUPS)) }),
);

/**
 * spec 7 getAdminUsers / getCustomerUsers take nothing; here they may also take a page size, the cursor
 * of the next page and a search (prefix of the email, first name or last name).
 */
export const USER_PAGE = { max: 60, defaultLimit: 25 } as const;
export const userListInputSchema = lazySchema(() =>
  z.prefault(
    z.strictObject({
      limit: pageLimitSchema(USER_PAGE.max, USER_PAGE.defaultLimit),
      cursor: z.optional(pageCursorSchema),
      search: optionalLine('Search', 100),
    }),
    {},
  ),
);
export type UserListInput = z.input<typeof userListInputSchema>;

/** One row of the user lists: who, role, state (Cognito) and the last activity (userActivity table). */
export const adminUserSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    enabled: z.boolean(),
    emailVerified: z.boolean(),
    /** Cognito's account status, e.g. CONFIRMED, UNCONFIRMED, FORCE_CHANGE_PASSWORD. */
    status: z.string(),
    groups: z.array(z.enum(GROUPS)),
    role: userRoleSchema,
    isSuperAdmin: z.boolean(),
    accountNumber: z.optional(z.string()),
    accountNumbers: z.array(z.string()),
    /** ISO time the account was created, when known. */
    createdAt: z.nullable(z.string()),
    /** ms timestamp of the last recorded activity (spec 3), null when none. */
    lastActivity: z.nullable(z.number()),
    /** Present when the portal no longer mails the user's address (a hard bounce or a complaint). */
    emailSuppressed: z.optional(emailSuppressionSchema),
  }),
);
export type AdminUser = z.infer<typeof adminUserSchema>;
export const userListOutputSchema = lazySchema(() => pageSchema(adminUserSchema));
export type UserListOutput = z.infer<typeof userListOutputSchema>;

/**
 * spec 7 getUserByUid: uid. An empty or missing uid is refused with spec 5's "User ID is required." (the
 * use case says so, so the message is the answer's own, not only a field error).
 */
export const getUserByUidInputSchema = lazySchema(() =>
  z.prefault(
    z.strictObject({
      uid: z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(64, 'Not a valid user ID'),
          z.refine((v) => v === '' || ID_PATTERN.test(v), 'Not a valid user ID'),
        ),
      ),
    }),
    {},
  ),
);
export const adminUserDetailSchema = lazySchema(() =>
  z.extend(adminUserSchema, { profile: z.nullable(userProfileSchema) }),
);
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
