import { lazySchema } from '../lazy-schema';
import * as z from '../../zod';
import { accountNumberSchema } from '../account-number';
import { userIdSchema } from '../users/user-profile';
import { PRACTICE_ROLES } from '../../rules/practice-roles';

/** A practice's roles as a form sends them: at least one, known ones only. */
export const practiceRolesInputSchema = lazySchema(() =>
  z
    .array(z.enum(PRACTICE_ROLES, { error: 'Choose a known role' }))
    .check(z.minLength(1, 'Choose at least one role'), z.maxLength(PRACTICE_ROLES.length)),
);

/** One person of a practice, as its People page lists them. */
export const practicePersonSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.enum(PRACTICE_ROLES)),
    /** True when the user's link predates practice roles (they keep every right until a role is set). */
    legacy: z.boolean(),
  }),
);
export type PracticePerson = z.infer<typeof practicePersonSchema>;

export const practiceAccountInputSchema = lazySchema(() => z.strictObject({ accountNumber: accountNumberSchema }));

export const practicePeopleSchema = lazySchema(() =>
  z.object({ accountNumber: z.string(), people: z.array(practicePersonSchema) }),
);
export type PracticePeople = z.infer<typeof practicePeopleSchema>;

export const setPracticeRolesInputSchema = lazySchema(() =>
  z.strictObject({ accountNumber: accountNumberSchema, userId: userIdSchema, roles: practiceRolesInputSchema }),
);
export type SetPracticeRolesInput = z.input<typeof setPracticeRolesInputSchema>;

export const removePracticePersonInputSchema = lazySchema(() =>
  z.strictObject({ accountNumber: accountNumberSchema, userId: userIdSchema }),
);
export type RemovePracticePersonInput = z.input<typeof removePracticePersonInputSchema>;
