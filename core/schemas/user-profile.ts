import { lazySchema } from './lazy-schema';
import * as z from 'zod';
import { idSchema } from './text-fields';
import { USER_ROLES } from './user-role';

/** A user's id (their Cognito `sub`). */
export const userIdSchema = lazySchema(() => idSchema('User ID'));

/** A user's own record (spec 3 "User"), as stored in the users table and answered by getMyProfile. */
export const userProfileSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string().email(),
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    accountNumber: z.string().optional(),
    accountNumbers: z.array(z.string()).default([]),
    address: z.string().optional(),
    apt: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    zip: z.string().optional(),
    phone: z.string().optional(),
    country: z.string().optional(),
    company: z.string().optional(),
    faxNumber: z.string().optional(),
    termsAccepted: z.boolean().default(false),
    termsAcceptedDate: z.string().optional(),
    /** The role the admin screens last set (setRole, createUser); Cognito groups are what grant access. */
    role: z.enum(USER_ROLES).optional(),
    isSuperAdmin: z.boolean().optional(),
    version: z.number().int().nonnegative().default(0),
  }),
);
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What the portal knows of the caller: the stored profile plus role facts from the verified token. */
export const myProfileSchema = lazySchema(() =>
  z.object({
    profile: userProfileSchema,
    groups: z.array(z.enum(['customer', 'admin', 'superadmin'])),
    emailVerified: z.boolean(),
  }),
);
export type MyProfile = z.infer<typeof myProfileSchema>;
