import { describe, expect, it, vi } from 'vitest';
import * as z from '../../../../core/zod';
import { AppError } from '../../../../core/errors';
import { defineRoute } from '../../../../core/define-routes';
import type { Identity } from '../../../../lambdas/auth/verify-token';
import { machineIdentityFromClaims } from '../../../../lambdas/auth/verify-token';
import {
  createHandler,
  MACHINE_SCOPE_MISSING_MESSAGE,
  machineCallerOf,
  type RequestContext,
} from '../../../../lambdas/http/create-handler';
import { createLogger } from '../../../../lambdas/http/logger';
import type { AuditEvent } from '../../../../core/schemas/audit';
import { callableEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/identities';

const machineRoute = defineRoute({
  name: 'machineEcho',
  input: z.object({ text: z.string() }),
  output: z.object({ text: z.string(), lab: z.boolean() }),
  access: { machine: ['invoices.write'] },
  handler: 'test/machine-echo',
  resources: {},
});
const practiceRoute = defineRoute({ ...machineRoute, name: 'practiceEcho', access: ['customer', 'admin'] });

const machine = (scope: string) =>
  machineIdentityFromClaims({ token_use: 'access', client_id: 'client-1', scope, iat: 1, sub: 'client-1' });
const people: Record<string, Identity> = {
  'customer-token': identity(['customer']),
  'admin-token': identity(['admin']),
};
const machines: Record<string, Identity> = {
  'invoicing-token': machine('lenslab/invoices.write lenslab/orders.read'),
  'reading-token': machine('lenslab/orders.read'),
};
const verifierOf = (known: Record<string, Identity>) => async (token: string) => {
  const found = known[token];
  if (!found) throw new AppError('unauthenticated', 'Invalid or expired token');
  return found;
};
const entries: AuditEvent[] = [];
const deps = {
  verifyToken: verifierOf(people),
  verifyMachineToken: verifierOf(machines),
  log: createLogger({}, () => {}),
  auditLog: { append: async (entry: AuditEvent) => void entries.push(entry) },
};
const run = vi.fn(async (input: { text: string }, ctx: RequestContext) => ({
  text: input.text,
  lab: ctx.identity?.machine ? machineCallerOf(ctx).groups.includes('admin') : false,
}));
const call = async (route: typeof machineRoute, token?: string) => {
  const res = await createHandler(
    route,
    run,
    deps,
  )(callableEvent(route.name, { data: { text: 'hi' }, ...(token ? { token } : {}) }));
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
};

describe('machine routes in the handler wrapper (docs/decisions/0104-machine-api.md)', () => {
  it('a client whose token grants the route’s scope is let through, acting for the lab', async () => {
    expect(await call(machineRoute, 'invoicing-token')).toEqual({
      status: 200,
      body: { result: { text: 'hi', lab: true } },
    });
  });

  it('a client without invoices.write gets 403, and the use case never runs', async () => {
    run.mockClear();
    const res = await call(machineRoute, 'reading-token');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MACHINE_SCOPE_MISSING_MESSAGE);
    expect(run).not.toHaveBeenCalled();
  });

  it('a person’s valid token on a machine route gets 403, whatever their group', async () => {
    expect((await call(machineRoute, 'customer-token')).status).toBe(403);
    expect((await call(machineRoute, 'admin-token')).status).toBe(403);
  });

  it('no token, or one nobody issued, gets 401', async () => {
    expect((await call(machineRoute)).status).toBe(401);
    expect((await call(machineRoute, 'forged')).status).toBe(401);
  });

  it('a machine token on a practice route gets 403: it names no group', async () => {
    run.mockClear();
    expect((await call(practiceRoute, 'invoicing-token')).status).toBe(403);
    expect(run).not.toHaveBeenCalled();
    expect((await call(practiceRoute, 'customer-token')).status).toBe(200);
  });

  it('the audit log names the machine client as the actor of a denied call', async () => {
    entries.length = 0;
    await call(machineRoute, 'reading-token');
    expect(entries.at(-1)).toMatchObject({
      action: 'access.denied',
      actor: { userId: 'machine-client:client-1', groups: [] },
    });
  });
});

describe('machine token claims', () => {
  it('a person’s access token (with username or groups) is not a machine client’s', () => {
    const base = { token_use: 'access', client_id: 'web', scope: 'aws.cognito.signin.user.admin' };
    expect(() => machineIdentityFromClaims({ ...base, username: 'u-1' })).toThrow(/client-credentials/);
    expect(() => machineIdentityFromClaims({ ...base, 'cognito:groups': ['admin'] })).toThrow(/client-credentials/);
    expect(() => machineIdentityFromClaims({ token_use: 'id', client_id: 'c' })).toThrow(/client-credentials/);
  });

  it('a machine identity has no groups, so no group route can admit it', () => {
    expect(machine('lenslab/orders.read')).toMatchObject({
      userId: 'machine-client:client-1',
      groups: [],
      machine: { clientId: 'client-1', scopes: ['orders.read'] },
    });
  });
});
