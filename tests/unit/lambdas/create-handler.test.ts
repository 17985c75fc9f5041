import { describe, expect, it, vi } from 'vitest';
import * as z from '../../../core/zod';
import { AppError, notFound } from '../../../core/errors';
import { defineRoute } from '../../../core/define-routes';
import { createHandler } from '../../../lambdas/http/create-handler';
import { createLogger } from '../../../lambdas/http/logger';
import { callableEvent } from '../../support/api-gateway-event';
import { identity } from '../../support/identities';

const echoRoute = defineRoute({
  name: 'echo',
  input: z.object({
    text: z.string().check(z.minLength(1, 'Text is required')),
    count: z.number().check(z.int(), z.lte(3)),
  }),
  output: z.object({ text: z.string() }),
  access: ['admin'],
  handler: 'test/echo',
  resources: {},
});

const publicRoute = defineRoute({ ...echoRoute, name: 'publicEcho', access: 'public' });

const tokens: Record<string, ReturnType<typeof identity>> = {
  'admin-token': identity(['admin']),
  'customer-token': identity(['customer']),
};
const verifyToken = async (token: string) => {
  const found = tokens[token];
  if (!found) throw new AppError('unauthenticated', 'Invalid or expired token');
  return found;
};
const lines: string[] = [];
const log = createLogger({}, (line) => lines.push(line));

function parse(result: Awaited<ReturnType<ReturnType<typeof createHandler>>>) {
  return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') };
}

describe('callable handler wrapper (spec 7, 8)', () => {
  const run = vi.fn(async (input: { text: string }) => ({ text: input.text.toUpperCase(), secretField: 'x' }));
  const handler = createHandler(echoRoute, run, { verifyToken, log });

  it('answers { result } with only the fields the output schema declares', async () => {
    const res = parse(await handler(callableEvent('echo', { data: { text: 'hi', count: 1 }, token: 'admin-token' })));
    expect(res).toEqual({ status: 200, body: { result: { text: 'HI' } } });
  });

  it('refuses a call without a token as 401 unauthenticated and never runs the use case', async () => {
    run.mockClear();
    const res = parse(await handler(callableEvent('echo', { data: { text: 'hi', count: 1 } })));
    expect(res.status).toBe(401);
    expect(res.body.error.status).toBe('unauthenticated');
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses an invalid token as 401', async () => {
    const res = parse(await handler(callableEvent('echo', { data: { text: 'hi', count: 1 }, token: 'forged' })));
    expect(res.status).toBe(401);
  });

  it('denies a caller outside the route groups with 403 permission-denied', async () => {
    run.mockClear();
    const res = parse(
      await handler(callableEvent('echo', { data: { text: 'hi', count: 1 }, token: 'customer-token' })),
    );
    expect(res.status).toBe(403);
    expect(res.body.error.status).toBe('permission-denied');
    expect(run).not.toHaveBeenCalled();
  });

  it('answers bad input with 400 invalid-argument and field errors, never 500', async () => {
    const res = parse(await handler(callableEvent('echo', { data: { text: '', count: 9 }, token: 'admin-token' })));
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('invalid-argument');
    expect(res.body.error.details.fieldErrors.text).toEqual(['Text is required']);
    expect(res.body.error.details.fieldErrors.count).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['data missing', '{}'],
  ])('answers a body that is %s with 400 invalid-argument', async (_label, body) => {
    const res = parse(await handler(callableEvent('echo', { body, token: 'admin-token' })));
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('invalid-argument');
  });

  it('maps an AppError to its spec 8 status and keeps its message', async () => {
    const failing = createHandler(echoRoute, async () => Promise.reject(notFound('Order not found')), {
      verifyToken,
      log,
    });
    const res = parse(await failing(callableEvent('echo', { data: { text: 'a', count: 1 }, token: 'admin-token' })));
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ status: 'not-found', message: 'Order not found' });
  });

  it('hides unexpected errors behind a generic 500 with the correlation id, and logs them', async () => {
    lines.length = 0;
    const failing = createHandler(echoRoute, async () => Promise.reject(new Error('db password=hunter2 leaked')), {
      verifyToken,
      log,
    });
    const result = await failing(
      callableEvent('echo', {
        data: { text: 'a', count: 1 },
        token: 'admin-token',
        headers: { 'x-correlation-id': 'corr-12345678' },
      }),
    );
    const res = parse(result);
    expect(res.status).toBe(500);
    expect(res.body.error.status).toBe('internal');
    expect(res.body.error.message).not.toContain('hunter2');
    expect(res.body.error.correlationId).toBe('corr-12345678');
    expect(result.headers?.['x-correlation-id']).toBe('corr-12345678');
    expect(lines.some((l) => l.includes('unhandled error') && l.includes('corr-12345678'))).toBe(true);
  });

  it('treats an output that breaks its schema as an internal error', async () => {
    const bad = createHandler(echoRoute, async () => ({ text: 42 }) as never, { verifyToken, log });
    const res = parse(await bad(callableEvent('echo', { data: { text: 'a', count: 1 }, token: 'admin-token' })));
    expect(res.status).toBe(500);
  });

  it('never logs the bearer token', async () => {
    lines.length = 0;
    await handler(callableEvent('echo', { data: { text: 'hi', count: 1 }, token: 'admin-token' }));
    expect(lines.join('\n')).not.toContain('admin-token');
  });

  it('refuses a token whose session was revoked server-side', async () => {
    const revoked = createHandler(echoRoute, run, { verifyToken, log, isSessionRevoked: async () => true });
    const res = parse(await revoked(callableEvent('echo', { data: { text: 'a', count: 1 }, token: 'admin-token' })));
    expect(res.status).toBe(401);
  });

  it('lets anyone call a public route, with or without a valid token', async () => {
    const open = createHandler(publicRoute, async (input) => ({ text: input.text }), { verifyToken, log });
    expect(parse(await open(callableEvent('publicEcho', { data: { text: 'a', count: 1 } }))).status).toBe(200);
    expect(
      parse(await open(callableEvent('publicEcho', { data: { text: 'a', count: 1 }, token: 'forged' }))).status,
    ).toBe(200);
  });
});
