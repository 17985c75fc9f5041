import { defineRoutes } from '../define-routes';
import { SIGNED_IN } from './access-groups';
import { signOutInputSchema, signOutOutputSchema } from '../schemas/auth/session';
import {
  confirmSignUpInputSchema,
  confirmSignUpOutputSchema,
  resendSignUpCodeInputSchema,
  signUpInputSchema,
  signUpOutputSchema,
} from '../schemas/auth/sign-up';

/** Identity and session: sign-up with its emailed code, and sign-out. */
export const authRoutes = defineRoutes('auth', {
  signUp: {
    input: signUpInputSchema,
    output: signUpOutputSchema,
    access: 'public',
    // The pool allows admin-created users only (docs/decisions/0086-no-account-enumeration.md): the route creates the
    // account and sets its password. tokens: the one-notice-per-hour limit for emails that already have an account,
    // and the new account's code; email: that notice or the code.
    resources: {
      tables: { users: 'write', tokens: 'readWrite' },
      userPool: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminDeleteUser'],
      email: true,
    },
    rateLimit: 5,
  },
  confirmSignUp: {
    input: confirmSignUpInputSchema,
    output: confirmSignUpOutputSchema,
    access: 'public',
    // tokens: the pending code and the per-address limit; the right code marks the email verified.
    resources: { tables: { tokens: 'readWrite' }, userPool: ['AdminUpdateUserAttributes'] },
    rateLimit: 5,
  },
  resendSignUpCode: {
    input: resendSignUpCodeInputSchema,
    output: signUpOutputSchema,
    access: 'public',
    // tokens: the pending code and the per-address and per-email limits; email: the new code.
    resources: { tables: { tokens: 'readWrite' }, email: true },
    rateLimit: 5,
  },
  signOut: {
    input: signOutInputSchema,
    output: signOutOutputSchema,
    access: SIGNED_IN,
    // Ending one's sessions is always allowed. AdminGetUser: with `secondFactorChanged`, the TOTP state it records.
    allowBeforeTerms: true,
    allowWhenIdle: true,
    resources: { tables: { tokens: 'readWrite' }, userPool: ['AdminUserGlobalSignOut', 'AdminGetUser'] },
  },
});
