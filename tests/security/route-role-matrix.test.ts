import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Group } from '../../core/constants';
import { groupsOf, isMachineAccess } from '../../core/route-definition';
import { hasMachineScopes, type MachineScope } from '../../core/rules/machine-scopes';
import { permits, type PracticeRole } from '../../core/rules/practice-roles';
import { ROUTE_LIST } from '../../core/routes';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { putRow, userRow } from '../support/dynamo-rows';
import { machineToken } from '../support/machine-clients';

/**
 * Route x role matrix over the whole route table, through the local API gateway (JWT authorizer + handler
 * wrapper): anonymous callers get 401 on every non-public route, a role outside the route's groups gets
 * 403, and an allowed role is never refused for who it is. Deny by default: a new route is covered as
 * soon as it is in the table.
 */
const ROLES: Record<string, Group[]> = {
  customer: ['customer'],
  admin: ['admin'],
  superadmin: ['admin', 'superadmin'],
  // An admin a super admin gave the billing permission (money routes are not every admin's:
  // docs/decisions/0091-billing-is-a-permission-of-named-staff.md).
  billing: ['admin', 'billing'],
};
/**
 * Practice users, each linked to one practice with these roles (docs/decisions/0112-practice-roles.md): a route
 * naming a `practice` ability answers 403 to a role that does not grant it, before it reads the input.
 */
const PRACTICE_MEMBERS: Record<string, PracticeRole[]> = {
  'practice admin': ['practiceAdmin'],
  doctor: ['doctor'],
  'practice staff': ['staff'],
  'practice biller': ['billing'],
};
const WALK_PRACTICE = 'WALK-ROLES';
/**
 * Machine clients (docs/decisions/0104-machine-api.md): a machine route admits a client whose token grants all
 * its scopes (403 otherwise); every other route refuses every machine token, at the gateway's JWT authorizer
 * (401: not an ID token of the web client) or in the handler (403).
 */
const MACHINES: Record<string, MachineScope[]> = {
  'machine (all scopes)': ['orders.read', 'orders.write-status', 'invoices.write'],
  'machine (orders.read only)': ['orders.read'],
};
const urls = inject('urls');
const tokens: Record<string, string> = {};

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  for (const [role, groups] of Object.entries(ROLES)) {
    const user = await createTestUser(groups);
    // A customer in good standing (terms accepted): the server's spec 4/6 state rules are not what is under
    // test here (tests/integration/session-rules.test.ts covers them).
    await putRow('users', userRow(user));
    tokens[role] = await signIn(user);
  }
  for (const [member, roles] of Object.entries(PRACTICE_MEMBERS)) {
    const user = await createTestUser(['customer']);
    await putRow('users', userRow(user, { accountNumber: WALK_PRACTICE, practiceRoles: { [WALK_PRACTICE]: roles } }));
    tokens[member] = await signIn(user);
  }
  for (const [machine, scopes] of Object.entries(MACHINES)) tokens[machine] = await machineToken(scopes);
});

async function statusOf(route: string, token?: string): Promise<number> {
  const res = await fetch(`${urls.api}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data: {} }),
  });
  await res.arrayBuffer();
  return res.status;
}

// signOut ends the caller's sessions, so it is checked last.
const ordered = [...ROUTE_LIST].sort((a, b) => Number(a.name === 'signOut') - Number(b.name === 'signOut'));

describe('security: every route x every role (deny by default)', () => {
  for (const route of ordered) {
    const allowed = (role: string) =>
      route.access === 'public' || (ROLES[role] ?? []).some((g) => groupsOf(route.access).includes(g));

    it(`${route.name}: anonymous caller ${route.access === 'public' ? 'is let through' : 'gets 401'}`, async () => {
      const status = await statusOf(route.name);
      if (route.access === 'public') expect([401, 403]).not.toContain(status);
      else expect(status).toBe(401);
      expect(status).toBeLessThan(500);
    });

    for (const role of Object.keys(ROLES)) {
      it(`${route.name}: ${role} ${allowed(role) ? 'is allowed' : 'gets 403 permission-denied'}`, async () => {
        const status = await statusOf(route.name, tokens[role]);
        if (allowed(role)) expect([401, 403]).not.toContain(status);
        else expect(status).toBe(403);
        expect(status).toBeLessThan(500);
      });
    }

    for (const [member, roles] of Object.entries(PRACTICE_MEMBERS)) {
      const admitted =
        route.access === 'public' ||
        (groupsOf(route.access).includes('customer') && (!route.practice || permits(roles, route.practice)));
      it(`${route.name}: ${member} ${admitted ? 'is allowed' : 'gets 403 permission-denied'}`, async () => {
        const status = await statusOf(route.name, tokens[member]);
        if (admitted) expect([401, 403]).not.toContain(status);
        else expect(status).toBe(403);
        expect(status).toBeLessThan(500);
      });
    }

    for (const [machine, scopes] of Object.entries(MACHINES)) {
      const admitted = isMachineAccess(route.access) && hasMachineScopes(scopes, route.access.machine);
      const refusal = isMachineAccess(route.access) ? 'gets 403' : 'is refused';
      it(`${route.name}: ${machine} ${admitted ? 'is allowed' : refusal}`, async () => {
        const status = await statusOf(route.name, tokens[machine]);
        if (admitted) expect([401, 403]).not.toContain(status);
        else if (isMachineAccess(route.access)) expect(status).toBe(403);
        else if (route.access !== 'public') expect([401, 403]).toContain(status);
        expect(status).toBeLessThan(500);
      });
    }
  }
});

// A webhook route is public because the sender's signature is its authentication: whoever calls it (nobody,
// any portal role) without one is refused by the handler, not let through to the use case.
describe('security: every webhook route refuses an unsigned call from anyone, whatever token it carries', () => {
  const webhooks = ROUTE_LIST.filter((route) => route.kind === 'webhook');

  it('the walk sees both signed-event routes', () => {
    expect(webhooks.map((route) => route.name).sort()).toEqual(['carrierWebhook', 'paymentWebhook']);
  });

  for (const route of webhooks) {
    for (const role of ['anonymous', ...Object.keys(ROLES)]) {
      it(`${route.name}: ${role} without a signature gets 400 invalid-argument`, async () => {
        const token = role === 'anonymous' ? undefined : tokens[role];
        const res = await fetch(`${urls.api}/api/${route.name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ data: {} }),
        });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { error: { status: string; message: string } };
        expect(body.error).toMatchObject({ status: 'invalid-argument', message: expect.stringMatching(/signature/) });
      });
    }
  }
});
