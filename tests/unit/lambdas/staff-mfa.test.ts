import { describe, expect, it, vi } from 'vitest';
import { groupsOf } from '../../../core/route-definition';
import * as z from '../../../core/zod';
import { AppError } from '../../../core/errors';
import { defineRoute } from '../../../core/define-routes';
import { ROUTE_LIST } from '../../../core/routes';
import { functionResourcesOf } from '../../../core/function-resources';
import { isStaff, routeChecksStaffMfa, STAFF_MFA_REQUIRED_MESSAGE } from '../../../core/rules/staff-mfa';
import { staffMfaCheck } from '../../../lambdas/auth/staff-mfa';
import { createHandler } from '../../../lambdas/http/create-handler';
import { createLogger } from '../../../lambdas/http/logger';
import { callableEvent } from '../../support/api-gateway-event';
import { identity } from '../../support/identities';

/** Lab staff must have TOTP (docs/decisions/0017-two-step-verification-for-lab-staff.md). */

const staffRoute = defineRoute({
  name: 'listEverything',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  access: ['admin'],
  handler: 'test/list-everything',
  resources: {},
});
const sharedRoute = defineRoute({ ...staffRoute, name: 'getThing', access: ['customer', 'admin', 'superadmin'] });
const signOutRoute = defineRoute({ ...sharedRoute, name: 'signOut' });
const customerRoute = defineRoute({ ...staffRoute, name: 'customerThing', access: ['customer'] });
const publicRoute = defineRoute({ ...staffRoute, name: 'publicThing', access: 'public' });

const people = {
  'admin-token': identity(['admin'], { userId: 'admin-1' }),
  'super-token': identity(['admin', 'superadmin'], { userId: 'super-1' }),
  'customer-token': identity(['customer'], { userId: 'customer-1' }),
};
const verifyToken = async (token: string) => {
  const found = people[token as keyof typeof people];
  if (!found) throw new AppError('unauthenticated', 'Invalid or expired token');
  return found;
};
const log = createLogger({}, () => undefined);

function handlerFor(route: typeof staffRoute, withTotp: Set<string>) {
  const hasStaffMfa = vi.fn(async (who: { userId: string }) => withTotp.has(who.userId));
  const run = vi.fn(async () => ({ ok: true }));
  const handler = createHandler(route, run, { verifyToken, hasStaffMfa, log });
  const call = async (token: string) => {
    const res = await handler(callableEvent(route.name, { data: {}, token }));
    return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
  };
  return { call, run, hasStaffMfa };
}

describe('handler wrapper: staff without TOTP are refused', () => {
  it('refuses an admin without TOTP on an admin route with 403 and the set-up message, never running the use case', async () => {
    const { call, run } = handlerFor(staffRoute, new Set());
    const res = await call('admin-token');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ status: 'permission-denied', message: STAFF_MFA_REQUIRED_MESSAGE });
    expect(run).not.toHaveBeenCalled();
  });

  it('lets an admin with TOTP through', async () => {
    const { call, run } = handlerFor(staffRoute, new Set(['admin-1']));
    expect((await call('admin-token')).status).toBe(200);
    expect(run).toHaveBeenCalledOnce();
  });

  it('refuses a super admin without TOTP on a route shared with practices (they would act as staff there)', async () => {
    const { call } = handlerFor(sharedRoute, new Set());
    expect((await call('super-token')).status).toBe(403);
  });

  it('never asks about practices: a customer is served without a TOTP lookup', async () => {
    const { call, hasStaffMfa } = handlerFor(sharedRoute, new Set());
    expect((await call('customer-token')).status).toBe(200);
    expect(hasStaffMfa).not.toHaveBeenCalled();
  });

  it('lets staff without TOTP sign out (ending sessions is always safe)', async () => {
    const { call } = handlerFor(signOutRoute, new Set());
    expect((await call('admin-token')).status).toBe(200);
  });

  it('leaves public routes alone, and group refusals stay the plain 403', async () => {
    expect((await handlerFor(publicRoute, new Set()).call('admin-token')).status).toBe(200);
    const res = await handlerFor(customerRoute, new Set()).call('admin-token');
    expect(res.status).toBe(403);
    expect(res.body.error.message).not.toBe(STAFF_MFA_REQUIRED_MESSAGE);
  });
});

describe('staffMfaCheck: the cached Cognito lookup', () => {
  it('caches a yes for five minutes per user, then asks again', async () => {
    let clock = 1_000_000;
    const factors = { hasTotp: vi.fn(async () => true) };
    const check = staffMfaCheck(factors, { now: () => clock });
    const admin = identity(['admin'], { userId: 'a' });
    expect(await check(admin)).toBe(true);
    clock += 4 * 60 * 1000;
    expect(await check(admin)).toBe(true);
    expect(factors.hasTotp).toHaveBeenCalledTimes(1);
    clock += 2 * 60 * 1000;
    expect(await check(admin)).toBe(true);
    expect(factors.hasTotp).toHaveBeenCalledTimes(2);
  });

  it('never caches a no, so the first call after setting TOTP up goes through', async () => {
    let enabled = false;
    const factors = { hasTotp: vi.fn(async () => enabled) };
    const check = staffMfaCheck(factors);
    const admin = identity(['admin'], { userId: 'a' });
    expect(await check(admin)).toBe(false);
    enabled = true;
    expect(await check(admin)).toBe(true);
    expect(factors.hasTotp).toHaveBeenCalledTimes(2);
  });

  it('lets a failing lookup fail the request (no access on doubt)', async () => {
    const check = staffMfaCheck({ hasTotp: async () => Promise.reject(new Error('ThrottlingException')) });
    await expect(check(identity(['admin']))).rejects.toThrow('ThrottlingException');
  });
});

describe('which routes check staff TOTP (core/rules/staff-mfa.ts)', () => {
  it('staff are members of admin or superadmin, whatever else they are in', () => {
    expect(isStaff(['admin'])).toBe(true);
    expect(isStaff(['superadmin'])).toBe(true);
    expect(isStaff(['customer', 'admin'])).toBe(true);
    expect(isStaff(['customer'])).toBe(false);
    expect(isStaff([])).toBe(false);
  });

  it('every route open to staff checks, except signOut; customer-only and public routes do not', () => {
    for (const route of ROUTE_LIST) {
      const openToStaff = isStaff(groupsOf(route.access));
      expect(routeChecksStaffMfa(route), route.name).toBe(openToStaff && route.name !== 'signOut');
    }
  });

  it('a checking route may call AdminGetUser besides its own Cognito actions', () => {
    const cognitoActionsOf = (entry: Parameters<typeof functionResourcesOf>[0]) =>
      functionResourcesOf(entry).userPool ?? [];
    expect(cognitoActionsOf({ name: 'x', access: ['admin'], resources: { userPool: ['AdminDisableUser'] } })).toEqual([
      'AdminDisableUser',
      'AdminGetUser',
    ]);
    expect(cognitoActionsOf({ name: 'x', access: ['customer'], resources: {} })).toEqual([]);
    expect(cognitoActionsOf({ name: 'job', resources: { userPool: ['ListUsers'] } })).toEqual(['ListUsers']);
    expect(cognitoActionsOf({ name: 'x', access: ['admin'], resources: { userPool: ['AdminGetUser'] } })).toEqual([
      'AdminGetUser',
    ]);
  });
});
