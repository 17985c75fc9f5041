import { defineRoutes } from '../define-routes';
import { SIGNED_IN } from './access-groups';
import {
  checkEmailExistsInputSchema,
  checkEmailExistsOutputSchema,
  signOutInputSchema,
  signOutOutputSchema,
} from '../schemas/session';
import { signUpInputSchema, signUpOutputSchema } from '../schemas/sign-up';

/** Identity and session: sign-up, sign-out and the sign-up form's email check. */
export const authRoutes = defineRoutes('auth', {
  signUp: {
    input: signUpInputSchema,
    output: signUpOutputSchema,
    access: 'public',
    // tokens: the one-notice-per-hour limit for emails that already have an account; email: that notice.
    resources: {
      tables: { users: 'write', tokens: 'readWrite' },
      userPool: ['AdminAddUserToGroup', 'AdminDeleteUser'],
      email: true,
    },
    rateLimit: 5,
  },
  signOut: {
    input: signOutInputSchema,
    output: signOutOutputSchema,
    access: SIGNED_IN,
    // Ending one's sessions is always allowed.
    allowBeforeTerms: true,
    allowWhenIdle: true,
    resources: { tables: { tokens: 'readWrite' }, userPool: ['AdminUserGlobalSignOut'] },
  },
  checkEmailExists: {
    input: checkEmailExistsInputSchema,
    output: checkEmailExistsOutputSchema,
    access: 'public',
    // tokens: the per-email and per-address rate-limit windows.
    resources: { tables: { tokens: 'readWrite' }, userPool: ['ListUsers'] },
    rateLimit: 5,
  },
});
