import { describe, expect, it, vi } from 'vitest';
import { groupsOf } from '../../../core/route-definition';
import * as z from '../../../core/zod';
import { AppError } from '../../../core/errors';
import { defineRoute } from '../../../core/define-routes';
import { ROUTE_LIST } from '../../../core/routes';
import { functionResourcesOf } from '../../../core/function-resources';
import {
  isStaff,
  routeChecksStaffMfa,
  STAFF_MFA_CHANGED_MESSAGE,
  STAFF_MFA_REQUIRED_MESSAGE,
} from '../../../core/rules/staff-mfa';
import { staffMfaCheck, type StaffMfaVerdict } from '../../../lambdas/auth/staff-mfa';
import { createHandler } from '../../../lambdas/http/create-handler';
import { createLogger } from '../../../lambdas/http/logger';
import { callableEvent } from '../../support/api-gateway-event';
import { identity } from '../../support/identities';
import { InMemorySecondFactorRecords } from '../../support/in-memory-ports';

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

function handlerFor(route: typeof staffRoute, withTotp: Set<string>, before = new Set<string>()) {
  const checkStaffMfa = vi.fn(async (who: { userId: string }): Promise<StaffMfaVerdict> =>
    !withTotp.has(who.userId) ? 'no-totp' : before.has(who.userId) ? 'signed-in-before-change' : 'ok',
  );
  const run = vi.fn(async () => ({ ok: true }));
  const handler = createHandler(route, run, { verifyToken, checkStaffMfa, log });
  const call = async (token: string) => {
    const res = await handler(callableEvent(route.name, { data: {}, token }));
    return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
  };
  return { call, run, checkStaffMfa };
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

  it('ends (401, the browser signs out) a staff session signed in before the authenticator last changed, never running the use case', async () => {
    const { call, run } = handlerFor(staffRoute, new Set(['admin-1']), new Set(['admin-1']));
    const res = await call('admin-token');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ status: 'unauthenticated', message: STAFF_MFA_CHANGED_MESSAGE });
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a super admin without TOTP on a route shared with practices (they would act as staff there)', async () => {
    const { call } = handlerFor(sharedRoute, new Set());
    expect((await call('super-token')).status).toBe(403);
  });

  it('never asks about practices: a customer is served without a TOTP lookup', async () => {
    const { call, checkStaffMfa } = handlerFor(sharedRoute, new Set());
    expect((await call('customer-token')).status).toBe(200);
    expect(checkStaffMfa).not.toHaveBeenCalled();
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

describe('staffMfaCheck: the cached Cognito lookup and the recorded set-up (docs/decisions/0101-staff-second-factor-recorded.md)', () => {
  const START = 1_800_000_000;
  /** A check over a recorded set-up at START - 600 s, on a clock at START. */
  function checkWith(enabled: () => boolean, clock = { now: START * 1000 }) {
    const factors = { hasTotp: vi.fn(async () => enabled()) };
    const records = new InMemorySecondFactorRecords();
    records.rows.set('a', { changedAt: START - 600, totp: true });
    const check = staffMfaCheck(factors, records, { now: () => clock.now });
    return { check, factors, records, clock };
  }
  const adminSignedInAt = (seconds: number) =>
    identity(['admin'], { userId: 'a', authTime: seconds, issuedAt: seconds });

  it('caches a yes for five minutes per user for sessions signed in before it was read, then asks again', async () => {
    const { check, factors, clock } = checkWith(() => true);
    const admin = adminSignedInAt(START - 60);
    expect(await check(admin)).toBe('ok');
    clock.now += 4 * 60 * 1000;
    expect(await check(admin)).toBe('ok');
    expect(factors.hasTotp).toHaveBeenCalledTimes(1);
    clock.now += 2 * 60 * 1000;
    expect(await check(admin)).toBe('ok');
    expect(factors.hasTotp).toHaveBeenCalledTimes(2);
  });

  it('asks afresh for a session signed in after the cached yes: after a removal it is refused at once', async () => {
    let enabled = true;
    const { check, clock } = checkWith(() => enabled);
    expect(await check(adminSignedInAt(START - 60))).toBe('ok');
    enabled = false;
    clock.now += 60 * 1000;
    // Cognito issued this session without a code: TOTP was off when it signed in.
    expect(await check(adminSignedInAt(START + 30))).toBe('no-totp');
  });

  it('never caches a no, so the first call of the session signed in after a recorded set-up goes through', async () => {
    let enabled = false;
    const { check, factors, records, clock } = checkWith(() => enabled);
    records.rows.clear();
    expect(await check(adminSignedInAt(START - 60))).toBe('no-totp');
    // The sign-in page sets the authenticator up and records it (signOut { secondFactorChanged }).
    enabled = true;
    await records.record('a', { changedAt: START + 10, totp: true });
    clock.now += 20_000;
    expect(await check(adminSignedInAt(START + 15))).toBe('ok');
    expect(factors.hasTotp).toHaveBeenCalledTimes(2);
  });

  it('refuses a session signed in at or before the recorded set-up, refreshed ones included (auth_time)', async () => {
    const { check } = checkWith(() => true);
    expect(await check(adminSignedInAt(START - 600))).toBe('signed-in-before-change');
    expect(await check(identity(['admin'], { userId: 'a', authTime: START - 601, issuedAt: START }))).toBe(
      'signed-in-before-change',
    );
    expect(await check(adminSignedInAt(START - 599))).toBe('ok');
  });

  it('records a set-up it sees first (none recorded, or a recorded removal) and ends the sessions from before it', async () => {
    const { check, records, clock } = checkWith(() => true);
    records.rows.clear();
    expect(await check(adminSignedInAt(START - 60))).toBe('signed-in-before-change');
    expect(records.rows.get('a')).toEqual({ changedAt: START, totp: true });
    clock.now += 5_000;
    expect(await check(adminSignedInAt(START + 3))).toBe('ok');

    const removed = checkWith(() => true);
    removed.records.rows.set('a', { changedAt: START - 600, totp: false });
    expect(await removed.check(adminSignedInAt(START - 60))).toBe('signed-in-before-change');
    expect(removed.records.rows.get('a')).toEqual({ changedAt: START, totp: true });
  });

  it('records a removal it sees first, so the next set-up (made any way) ends the sessions from before it', async () => {
    let enabled = false;
    const { check, records, clock } = checkWith(() => enabled);
    expect(await check(adminSignedInAt(START - 60))).toBe('no-totp');
    expect(records.rows.get('a')).toEqual({ changedAt: START, totp: false });
    enabled = true;
    clock.now += 60_000;
    // A password-only session signed in after the old set-up, which set up the new authenticator itself.
    expect(await check(adminSignedInAt(START + 30))).toBe('signed-in-before-change');
    expect(records.rows.get('a')).toEqual({ changedAt: START + 60, totp: true });
  });

  it('keeps a set-up the portal recorded: a later sighting does not move it', async () => {
    const { check, records } = checkWith(() => true);
    expect(await check(adminSignedInAt(START - 60))).toBe('ok');
    expect(records.rows.get('a')).toEqual({ changedAt: START - 600, totp: true });
  });

  it('lets a failing lookup fail the request (no access on doubt)', async () => {
    const check = staffMfaCheck(
      { hasTotp: async () => Promise.reject(new Error('ThrottlingException')) },
      new InMemorySecondFactorRecords(),
    );
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

  it('a checking route may record a set-up it sees first (second-factor items of the tokens table); others may not', () => {
    expect(functionResourcesOf({ name: 'x', access: ['admin'], resources: {} }).secondFactorSeen).toBe(true);
    expect(functionResourcesOf({ name: 'x', access: ['customer'], resources: {} }).secondFactorSeen).toBeUndefined();
    expect(functionResourcesOf({ name: 'signOut', access: ['admin'], resources: {} }).secondFactorSeen).toBeUndefined();
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
