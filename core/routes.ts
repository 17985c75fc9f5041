import { defineRoute } from './route-definition';
import { emptyInputSchema } from './schemas/common';
import { myProfileSchema } from './schemas/user-profile';
import { buyingGroupListSchema } from './schemas/buying-group';

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
    resources: { tables: { users: 'read' } },
  }),
  listBuyingGroups: defineRoute({
    name: 'listBuyingGroups',
    input: emptyInputSchema,
    output: buyingGroupListSchema,
    // The account request form (spec 7 GET customer/buyinggroups) is filled in before an account exists.
    access: SIGNED_IN,
    handler: 'customers/list-buying-groups',
    resources: { tables: { referenceData: 'read' } },
  }),
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
export const ROUTE_LIST = Object.values(ROUTES);
