import { describe, expect, it } from 'vitest';
import * as z from '../../../../core/zod';
import { AppError, notFound } from '../../../../core/errors';
import { defineRoute } from '../../../../core/define-routes';
import { ROUTE_LIST } from '../../../../core/routes';
import { createHandler } from '../../../../lambdas/http/create-handler';
import { createLogger } from '../../../../lambdas/http/logger';
import { callableEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/identities';
import { InMemoryAuditLog } from '../../../support/in-memory-audit';

const route = defineRoute({
  name: 'lookUp',
  input: z.object({ id: z.string(), secretNote: z.optional(z.string()) }),
  output: z.object({ ok: z.boolean() }),
  access: ['admin'],
  handler: 'test/look-up',
  resources: {},
});

const admin = identity(['admin'], { userId: 'admin-1', email: 'admin@lab.test' });
const customer = identity(['customer'], { userId: 'cust-1', email: 'front@practice.test' });
const revoked = identity(['admin'], { userId: 'gone-1', email: 'gone@lab.test' });
const tokens: Record<string, typeof admin> = {
  'admin-token': admin,
  'customer-token': customer,
  'revoked-token': revoked,
};

function setup(run: (input: { id: string }) => Promise<{ ok: boolean }> = async () => ({ ok: true })) {
  const auditLog = new InMemoryAuditLog();
  const lines: string[] = [];
  const handler = createHandler(
    route,
    async (input, ctx) => {
      if (input.id === 'change')
        await ctx.audit.recordChange({ action: 'lens.update', target: { type: 'lens', id: 'L-1' }, after: { a: 1 } });
      return run(input);
    },
    {
      verifyToken: async (token) => {
        const found = tokens[token];
        if (!found) throw new AppError('unauthenticated', 'Invalid or expired token');
        return found;
      },
      isSessionRevoked: async (who) => who.userId === 'gone-1',
      log: createLogger({}, (line) => lines.push(line)),
      auditLog,
    },
  );
  const call = (token: string | undefined, data: unknown = { id: 'x' }) =>
    handler(
      callableEvent('lookUp', {
        data,
        ...(token ? { token } : {}),
        headers: { 'x-correlation-id': 'corr-abc' },
      }),
    );
  return { auditLog, lines, call };
}

describe('the handler wrapper records denied requests in the audit log', () => {
  it('a 403 (caller outside the route groups) with the caller, route, status, correlation id and address', async () => {
    const { auditLog, call } = setup();
    const res = await call('customer-token', { id: 'x', secretNote: 'do not keep' });
    expect(res.statusCode).toBe(403);
    expect(auditLog.events).toEqual([
      expect.objectContaining({
        kind: 'denied',
        action: 'access.denied',
        status: 403,
        route: 'lookUp',
        correlationId: 'corr-abc',
        sourceIp: '127.0.0.1',
        actor: { userId: 'cust-1', email: 'front@practice.test', groups: ['customer'] },
      }),
    ]);
  });

  it('a 401 without a token, with no caller', async () => {
    const { auditLog, call } = setup();
    expect((await call(undefined)).statusCode).toBe(401);
    expect(auditLog.events).toEqual([expect.objectContaining({ action: 'access.unauthenticated', actor: null })]);
  });

  it('a 401 for a revoked session names whose token it was', async () => {
    const { auditLog, call } = setup();
    expect((await call('revoked-token')).statusCode).toBe(401);
    expect(auditLog.events[0]).toMatchObject({ status: 401, actor: { userId: 'gone-1' } });
  });

  it('a not-found that hides another practice data is recorded; an ordinary not-found is not', async () => {
    const hidden = setup(async () => {
      throw notFound('Order not found');
    });
    expect((await hidden.call('admin-token')).statusCode).toBe(404);
    expect(hidden.auditLog.events).toEqual([
      expect.objectContaining({ action: 'access.hidden-not-found', status: 404 }),
    ]);

    const ordinary = setup(async () => {
      throw notFound('Lens design not found');
    });
    expect((await ordinary.call('admin-token')).statusCode).toBe(404);
    expect(ordinary.auditLog.events).toEqual([]);
  });

  it('success and bad input record nothing', async () => {
    const { auditLog, call } = setup();
    expect((await call('admin-token')).statusCode).toBe(200);
    expect((await call('admin-token', { nope: 1 })).statusCode).toBe(400);
    expect(auditLog.events).toEqual([]);
  });

  it('never keeps the body or the token', async () => {
    const { auditLog, call } = setup();
    await call('customer-token', { id: 'x', secretNote: 'do not keep' });
    await call('revoked-token', { id: 'x', secretNote: 'do not keep' });
    const stored = JSON.stringify(auditLog.events);
    expect(stored).not.toContain('do not keep');
    expect(stored).not.toContain('-token');
  });

  it('a failing audit store changes nothing in the answer', async () => {
    const { auditLog, lines, call } = setup();
    auditLog.failWith = new Error('DynamoDB down');
    const res = await call('customer-token');
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body as string).error.status).toBe('permission-denied');
    expect(lines.some((l) => l.includes('AUDIT WRITE FAILED'))).toBe(true);
  });

  it('a hanging audit store delays a denial by at most the short wait', async () => {
    const { auditLog, call } = setup();
    auditLog.delayMs = 10_000;
    const started = Date.now();
    expect((await call('customer-token')).statusCode).toBe(403);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('ctx.audit records a change as the verified caller', async () => {
    const { auditLog, call } = setup();
    expect((await call('admin-token', { id: 'change' })).statusCode).toBe(200);
    expect(auditLog.events).toEqual([
      expect.objectContaining({
        kind: 'change',
        action: 'lens.update',
        route: 'lookUp',
        actor: { userId: 'admin-1', email: 'admin@lab.test', groups: ['admin'] },
        correlationId: 'corr-abc',
      }),
    ]);
  });

  it('every callable route may append to the audit log; a webhook route is not given it', () => {
    expect(route.resources.audit).toBe('append');
    const webhook = defineRoute({ ...route, name: 'hook', kind: 'webhook', access: 'public', resources: {} });
    expect(webhook.resources.audit).toBeUndefined();
    for (const r of ROUTE_LIST) expect(r.resources.audit, r.name).toBe(r.kind === 'webhook' ? undefined : 'append');
  });
});
