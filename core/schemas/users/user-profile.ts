import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { idSchema } from '../text-fields';
import { GROUPS } from '../../constants';
import { USER_ROLES } from './user-role';
import { PRACTICE_ROLES } from '../../rules/practice-roles';

/** A user's id (their Cognito `sub`). */
export const userIdSchema = lazySchema(() => idSchema('User ID'));

/** A user's own record (spec 3 "User"), as stored in the users table and answered by getMyProfile. */
export const userProfileSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string().check(z.email()),
    firstName: z._default(z.string(), ''),
    lastName: z._default(z.string(), ''),
    accountNumber: z.optional(z.string()),
    accountNumbers: z._default(z.array(z.string()), []),
    /**
     * The user's roles in each linked practice, by account number (core/rules/practice-roles.ts). A link
     * without an entry predates practice roles and keeps every right (LEGACY_ROLES).
     */
    practiceRoles: z.optional(z.record(z.string(), z.array(z.enum(PRACTICE_ROLES)))),
    address: z.optional(z.string()),
    apt: z.optional(z.string()),
    city: z.optional(z.string()),
    state: z.optional(z.string()),
    zip: z.optional(z.string()),
    phone: z.optional(z.string()),
    country: z.optional(z.string()),
    company: z.optional(z.string()),
    faxNumber: z.optional(z.string()),
    termsAccepted: z._default(z.boolean(), false),
    termsAcceptedDate: z.optional(z.string()),
    /** The role the admin screens last set (setRole, createUser); Cognito groups are what grant access. */
    role: z.optional(z.enum(USER_ROLES)),
    isSuperAdmin: z.optional(z.boolean()),
    version: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  }),
);
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What the portal knows of the caller: the stored profile plus role facts from the verified token. */
export const myProfileSchema = lazySchema(() =>
  z.object({
    profile: userProfileSchema,
    groups: z.array(z.enum(GROUPS)),
    emailVerified: z.boolean(),
  }),
);
export type MyProfile = z.infer<typeof myProfileSchema>;
