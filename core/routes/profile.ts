import { defineRoutes } from '../define-routes';
import { SIGNED_IN } from './access-groups';
import { emptyInputSchema } from '../schemas/common';
import { updateMyProfileInputSchema } from '../schemas/profile/profile-update';
import { acceptTermsOutputSchema } from '../schemas/profile/terms';
import { myProfileSchema, userProfileSchema } from '../schemas/users/user-profile';

/** The caller's own profile and the terms (spec 3 User fields; strict: protected fields are a 400). */
export const profileRoutes = defineRoutes('profile', {
  getMyProfile: {
    input: emptyInputSchema,
    output: myProfileSchema,
    access: SIGNED_IN,
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    resources: { tables: { users: 'read' } },
  },
  acceptTerms: {
    input: emptyInputSchema,
    output: acceptTermsOutputSchema,
    access: SIGNED_IN,
    // Needed to reach the spec 4/6 states (terms, email verification): answered before them.
    allowBeforeTerms: true,
    resources: { tables: { users: 'readWrite' } },
  },
  updateMyProfile: {
    input: updateMyProfileInputSchema,
    output: userProfileSchema,
    access: SIGNED_IN,
    resources: { tables: { users: 'readWrite' } },
  },
});
