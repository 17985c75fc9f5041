/**
 * Who may call a route (`access` of a route-table entry). Every signed-in route reads `tokens`: the handler
 * wrapper refuses tokens of sessions ended by signOut (lambdas/auth/session-revocation.ts).
 */
export const SIGNED_IN = ['customer', 'admin', 'superadmin'] as const;
/** spec 6: super admins manage users and customers. */
export const SUPER_ADMIN = ['superadmin'] as const;
/** spec 6: admins (and super admins, who are also in `admin`) approve orders. */
export const ADMIN = ['admin'] as const;
export const CUSTOMER = ['customer'] as const;
/**
 * Money the lab moves by hand (void an invoice, record a payment, grant credit): admins a super admin named
 * (`billing`), and super admins, who give that permission
 * (docs/decisions/0091-billing-is-a-permission-of-named-staff.md; spec 6 let every admin do it).
 */
export const BILLING = ['billing', 'superadmin'] as const;
/** Whether a user's groups hold the billing permission: the pages offer the money actions only then. */
export const mayMoveMoney = (groups: readonly string[]) => BILLING.some((group) => groups.includes(group));
/** The practice that owns an order, or the lab. */
export const CUSTOMER_OR_ADMIN = ['customer', 'admin'] as const;
/**
 * A practice's own management (its people): its practice admin, by the route's `practice: 'people'`, and the
 * lab's super admins, who see and override all of it (docs/decisions/0112-practice-roles.md).
 */
export const PRACTICE_OR_SUPER_ADMIN = ['customer', 'superadmin'] as const;
