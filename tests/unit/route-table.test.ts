import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../core/constants';
import { sessionChecksOf } from '../../core/function-resources';
import { isMachineAccess } from '../../core/route-definition';
import { MACHINE_SCOPES } from '../../core/rules/machine-scopes';
import { ROUTE_LIST, ROUTES } from '../../core/routes';

describe('route table', () => {
  it('names every route after its key, once', () => {
    for (const [key, route] of Object.entries(ROUTES)) expect(route.name).toBe(key);
    expect(new Set(ROUTE_LIST.map((r) => r.name)).size).toBe(ROUTE_LIST.length);
  });

  it('denies by default: a route is public only if it is on this reviewed list', () => {
    const publicRoutes = ROUTE_LIST.filter((r) => r.access === 'public').map((r) => r.name);
    // paymentWebhook, carrierWebhook: the card gateway's and the tracking service's signed events; their handlers
    // refuse any call without a valid signature.
    // getConsultantSetup: the troubleshooter's thresholds and designs, no prices. submitPublicConsult: a
    // visitor's consult request, rate-limited per address and per email, with a honeypot.
    expect(publicRoutes.sort()).toEqual([
      'carrierWebhook',
      'confirmSignUp',
      'getConsultantSetup',
      'paymentWebhook',
      'resendSignUpCode',
      'signUp',
      'submitPublicConsult',
    ]);
  });

  it('only the card gateway and tracking service webhooks are webhook routes, and they are public (no user token to check)', () => {
    const webhooks = ROUTE_LIST.filter((r) => r.kind === 'webhook');
    expect(webhooks.map((r) => [r.name, r.access]).sort()).toEqual([
      ['carrierWebhook', 'public'],
      ['paymentWebhook', 'public'],
    ]);
  });

  it('every person route names at least one known group', () => {
    for (const route of ROUTE_LIST) {
      if (route.access === 'public' || isMachineAccess(route.access)) continue;
      expect(route.access.length, route.name).toBeGreaterThan(0);
      for (const group of route.access) expect(GROUPS).toContain(group);
    }
  });

  it('every machine route names at least one known scope, and only these routes are machine routes', () => {
    const machine = ROUTE_LIST.filter((r) => isMachineAccess(r.access));
    expect(machine.map((r) => r.name).sort()).toEqual(
      ['machineIssueInvoice', 'machinePullOrders', 'machineSetOrderStage', 'machineShipOrder'].sort(),
    );
    for (const route of machine) {
      const scopes = isMachineAccess(route.access) ? route.access.machine : [];
      expect(scopes.length, route.name).toBeGreaterThan(0);
      for (const scope of scopes) expect(MACHINE_SCOPES).toContain(scope);
    }
  });

  it('every route has a handler module that exists', () => {
    for (const route of ROUTE_LIST)
      expect(existsSync(`lambdas/handlers/${route.handler}.ts`), route.handler).toBe(true);
  });
});

// The session rules the handler wrapper enforces come from these flags (lambdas/auth/session-rules.ts).
describe('route table: session rules (spec 4, 6) on the server', () => {
  it('a customer reaches only these routes before accepting the terms or verifying their email', () => {
    const before = ROUTE_LIST.filter((r) => r.allowBeforeTerms).map((r) => r.name);
    expect(before.sort()).toEqual(
      ['acceptTerms', 'getCustomerInfo', 'getMyActivity', 'getMyProfile', 'putActivity', 'signOut'].sort(),
    );
    // Ordering, paying, credit and the account request all need the terms accepted.
    for (const name of ['listAccountOrders', 'submitOrder', 'startPayment', 'submitAccountRequest'] as const)
      expect(sessionChecksOf(ROUTES[name]).customerState, name).toBe(true);
  });

  it('only signOut and getMyActivity answer a session idle 60 minutes', () => {
    const idleOk = ROUTE_LIST.filter(
      (r) => r.access !== 'public' && !isMachineAccess(r.access) && !sessionChecksOf(r).idle,
    ).map((r) => r.name);
    expect(idleOk.sort()).toEqual(['getMyActivity', 'signOut']);
  });

  it('every route whose wrapper reads the activity or users record may read that table (IAM follows)', () => {
    for (const route of ROUTE_LIST) {
      const checks = sessionChecksOf(route);
      const tables = route.resources.tables ?? {};
      if (checks.idle) expect(tables.userActivity, `${route.name} userActivity`).toMatch(/^read/);
      if (checks.customerState) expect(tables.users, `${route.name} users`).toMatch(/^read/);
    }
    // A route that writes the table keeps its write: the read is merged in.
    expect(ROUTES.deleteUser.resources.tables?.userActivity).toBe('readWrite');
    expect(ROUTES.signOut.resources.tables?.userActivity).toBeUndefined();
  });
});
