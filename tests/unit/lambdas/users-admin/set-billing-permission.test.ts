import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../../core/routes';
import { BILLING_NEEDS_STAFF, setBillingPermission } from '../../../../lambdas/use-cases/set-billing-permission';
import { setRole } from '../../../../lambdas/use-cases/set-role';
import { failureOf } from '../../../support/failure-of';
import { usersAdminWorld } from './fixtures';

describe('the billing permission (docs/decisions/0091-billing-is-a-permission-of-named-staff.md): named staff, given by a super admin', () => {
  it('voiding invoices, recording payments and granting credit are open to billing staff and super admins only', () => {
    for (const name of ['voidInvoice', 'recordOfflinePayment', 'grantGoodwillCredit'] as const)
      expect(ROUTES[name].access, name).toEqual(['billing', 'superadmin']);
    expect(ROUTES.setBillingPermission.access).toEqual(['superadmin']);
  });

  it('a super admin gives an admin the permission: the billing group is added, nothing else changes', async () => {
    const { directory, deps, add } = usersAdminWorld();
    const userId = add('desk@lab.test', ['admin']);
    expect(await setBillingPermission({ userId, billing: true }, deps)).toEqual({
      userId,
      billing: true,
      groups: ['admin', 'billing'],
    });
    expect(directory.groupList(userId)).toEqual(['admin', 'billing']);
  });

  it('taking it away removes the group and ends the user’s sessions (their tokens carry it)', async () => {
    const { directory, revocations, deps, add } = usersAdminWorld();
    const userId = add('desk@lab.test', ['admin', 'billing']);
    expect(await setBillingPermission({ userId, billing: false }, deps)).toMatchObject({
      billing: false,
      groups: ['admin'],
    });
    expect(directory.groupList(userId)).toEqual(['admin']);
    expect(revocations.rows.has(userId)).toBe(true);
  });

  it('a practice user can never hold it (400), and asking for what is already so changes nothing', async () => {
    const { directory, deps, add } = usersAdminWorld();
    const customer = add('c@practice.test', ['customer']);
    expect(await failureOf(setBillingPermission({ userId: customer, billing: true }, deps))).toMatchObject({
      status: 'invalid-argument',
      message: BILLING_NEEDS_STAFF,
    });
    expect(directory.groupList(customer)).toEqual(['customer']);
    const admin = add('desk@lab.test', ['admin']);
    directory.calls.length = 0;
    await setBillingPermission({ userId: admin, billing: false }, deps);
    expect(directory.calls.filter((c) => /^(add|remove)/.test(c))).toEqual([]);
  });

  it('an unknown user is not-found', async () => {
    const { deps } = usersAdminWorld();
    expect((await failureOf(setBillingPermission({ userId: 'nobody', billing: true }, deps))).status).toBe('not-found');
  });

  it('setRole keeps the permission through a change within the lab and drops it for a customer', async () => {
    const { directory, deps, add } = usersAdminWorld();
    const userId = add('desk@lab.test', ['admin', 'billing']);
    await setRole({ userId, role: 'admin', isSuperAdmin: true }, deps);
    expect(directory.groupList(userId).sort()).toEqual(['admin', 'billing', 'superadmin']);
    await setRole({ userId, role: 'customer', isSuperAdmin: false }, deps);
    expect(directory.groupList(userId)).toEqual(['customer']);
  });
});
