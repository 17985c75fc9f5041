import { defineRoute } from './route-definition';
import { emptyInputSchema } from './schemas/common';
import { myProfileSchema } from './schemas/user-profile';
import { buyingGroupListSchema } from './schemas/buying-group';
import { signUpInputSchema, signUpOutputSchema } from './schemas/sign-up';
import { acceptTermsOutputSchema } from './schemas/terms';
import { customerInfoInputSchema, customerInfoSchema } from './schemas/customer-info';
import { getMyActivityOutputSchema, putActivityInputSchema, putActivityOutputSchema } from './schemas/user-activity';
import { checkEmailExistsInputSchema, checkEmailExistsOutputSchema, signOutOutputSchema } from './schemas/session';

const SIGNED_IN = ['customer', 'admin', 'superadmin'] as const;

/**
 * The route table: the one list the CDK stack, the local gateway, the web API client and the
 * security tests all read. A new operation is one entry here plus its handler module.
 */
export const ROUTES = {
  getMyProfile: defineRoute({
    name: 'getMyProfile',
    input: emptyInputSchema,
    output: myProfileSchema,
    access: SIGNED_IN,
    handler: 'profile/get-my-profile',
    resources: { tables: { users: 'read', tokens: 'read' } },
  }),
  listBuyingGroups: defineRoute({
    name: 'listBuyingGroups',
    input: emptyInputSchema,
    output: buyingGroupListSchema,
    // The account request form (spec 7 GET customer/buyinggroups) is filled in before an account exists.
    access: SIGNED_IN,
    handler: 'customers/list-buying-groups',
    resources: { tables: { referenceData: 'read', tokens: 'read' } },
  }),
  // Issue 3, identity and session. Every signed-in route reads `tokens`: the handler wrapper refuses
  // tokens of sessions ended by signOut (lambdas/auth/session-revocation.ts).
  signUp: defineRoute({
    name: 'signUp',
    input: signUpInputSchema,
    output: signUpOutputSchema,
    access: 'public',
    handler: 'auth/sign-up',
    // tokens: the one-notice-per-hour limit for emails that already have an account; email: that notice.
    resources: {
      tables: { users: 'write', tokens: 'readWrite' },
      userPool: ['AdminAddUserToGroup', 'AdminDeleteUser'],
      email: true,
    },
    rateLimit: 5,
  }),
  acceptTerms: defineRoute({
    name: 'acceptTerms',
    input: emptyInputSchema,
    output: acceptTermsOutputSchema,
    access: SIGNED_IN,
    handler: 'profile/accept-terms',
    resources: { tables: { users: 'readWrite', tokens: 'read' } },
  }),
  getCustomerInfo: defineRoute({
    name: 'getCustomerInfo',
    input: customerInfoInputSchema,
    output: customerInfoSchema,
    access: ['customer'],
    handler: 'customers/get-customer-info',
    resources: { tables: { users: 'read', customers: 'read', tokens: 'read' } },
  }),
  putActivity: defineRoute({
    name: 'putActivity',
    input: putActivityInputSchema,
    output: putActivityOutputSchema,
    access: SIGNED_IN,
    handler: 'activity/put-activity',
    resources: { tables: { userActivity: 'write', tokens: 'read' } },
  }),
  getMyActivity: defineRoute({
    name: 'getMyActivity',
    input: emptyInputSchema,
    output: getMyActivityOutputSchema,
    access: SIGNED_IN,
    handler: 'activity/get-my-activity',
    resources: { tables: { userActivity: 'read', tokens: 'read' } },
  }),
  signOut: defineRoute({
    name: 'signOut',
    input: emptyInputSchema,
    output: signOutOutputSchema,
    access: SIGNED_IN,
    handler: 'auth/sign-out',
    resources: { tables: { tokens: 'readWrite' }, userPool: ['AdminUserGlobalSignOut'] },
  }),
  checkEmailExists: defineRoute({
    name: 'checkEmailExists',
    input: checkEmailExistsInputSchema,
    output: checkEmailExistsOutputSchema,
    access: 'public',
    handler: 'auth/check-email-exists',
    // tokens: the per-email and per-address rate-limit windows.
    resources: { tables: { tokens: 'readWrite' }, userPool: ['ListUsers'] },
    rateLimit: 5,
  }),
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
export const ROUTE_LIST = Object.values(ROUTES);
