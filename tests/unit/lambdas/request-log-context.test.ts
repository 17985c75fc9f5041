import { describe, expect, it } from 'vitest';
import * as z from '../../../core/zod';
import { defineRoute } from '../../../core/define-routes';
import { createHandler } from '../../../lambdas/http/create-handler';
import { ON_CALL_QUERIES } from '../../../infra/log-queries';
import { idsOf, logContext } from '../../../lambdas/http/log-context';
import { createLogger } from '../../../lambdas/http/logger';
import { callableEvent } from '../../support/api-gateway-event';
import { identity } from '../../support/identities';

/**
 * What on-call can search for (issue item "Logs and traces"; docs/runbook.md): every line a request writes,
 * whoever writes it, names the route, the correlation id the browser sent, the caller and the order and
 * account it touched; no line holds a token or a patient's details.
 */

const route = defineRoute({
  name: 'holdOrderForTest',
  input: z.object({ orderId: z.string(), accountNumber: z.string(), note: z.string() }),
  output: z.object({ orderId: z.string(), orderNumber: z.string(), accountNumber: z.string() }),
  access: ['admin'],
  handler: 'test/hold-order',
  resources: {},
});

const ORDER_ID = '0f8b8e2c-6d7a-4c1e-9b1a-3c2d4e5f6a7b';
const BROWSER_ID = 'browser-correlation-0001';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.payload.signature';
const lines: string[] = [];
const capture = (line: string) => lines.push(line);
const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

// Made once, outside any request, as the notifiers and adapters make theirs at module load.
const notifierLog = createLogger({ component: 'order-notifier' }, capture);
const admin = identity(['admin']);

function handlerWith(run: (input: z.infer<typeof route.input>) => Promise<z.input<typeof route.output>>) {
  return createHandler(route, run, {
    verifyToken: async () => admin,
    log: createLogger({ route: route.name }, capture),
  });
}

const event = (data: Record<string, unknown>, correlationId = BROWSER_ID) =>
  callableEvent(route.name, { data, token: TOKEN, headers: { 'x-correlation-id': correlationId } });

describe('request log context', () => {
  it("every line of a request carries its route, the browser's correlation id, the caller and the order and account", async () => {
    lines.length = 0;
    const handler = handlerWith(async (input) => {
      notifierLog.info('order email: sent', { kind: 'order-on-hold' });
      return { orderId: input.orderId, orderNumber: 'LL-000123', accountNumber: input.accountNumber };
    });
    const answer = await handler(event({ orderId: ORDER_ID, accountNumber: 'A1001', note: 'call back' }));
    expect(answer.statusCode).toBe(200);
    const [email, request] = parsed();
    const expected = {
      route: 'holdOrderForTest',
      correlationId: BROWSER_ID,
      userId: admin.userId,
      orderId: ORDER_ID,
      accountNumber: 'A1001',
    };
    expect(email).toMatchObject({ ...expected, component: 'order-notifier', msg: 'order email: sent' });
    // The request line also names the order's number, known from the answer.
    expect(request).toMatchObject({ ...expected, msg: 'request', status: 200, orderNumber: 'LL-000123' });
  });

  it('a failed request is searchable the same way: its error line names the order too', async () => {
    lines.length = 0;
    const handler = handlerWith(async () => {
      throw new Error('DynamoDB said no');
    });
    await handler(event({ orderId: ORDER_ID, accountNumber: 'A1001', note: 'x' }));
    const error = parsed().find((line) => line.msg === 'unhandled error');
    expect(error).toMatchObject({ correlationId: BROWSER_ID, orderId: ORDER_ID, accountNumber: 'A1001' });
  });

  it('requests running at once keep their own context, and none is left after a request', async () => {
    lines.length = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = handlerWith(async (input) => {
      if (input.orderId === 'first-order') await gate;
      notifierLog.info('order email: sent');
      return { orderId: input.orderId, orderNumber: 'LL-1', accountNumber: input.accountNumber };
    });
    const first = handler(event({ orderId: 'first-order', accountNumber: 'A1', note: 'x' }, 'correlation-first'));
    await handler(event({ orderId: 'second-order', accountNumber: 'A2', note: 'x' }, 'correlation-second'));
    release();
    await first;
    const emails = parsed().filter((line) => line.msg === 'order email: sent');
    expect(emails.map((line) => [line.orderId, line.accountNumber, line.correlationId])).toEqual([
      ['second-order', 'A2', 'correlation-second'],
      ['first-order', 'A1', 'correlation-first'],
    ]);
    expect(logContext()).toEqual({});
    lines.length = 0;
    notifierLog.info('outside any request');
    expect(parsed()[0]).not.toHaveProperty('orderId');
    expect(parsed()[0]).not.toHaveProperty('correlationId');
  });

  it('no line holds the bearer token or a patient, name, email address or phone, even when code logs them', async () => {
    lines.length = 0;
    const handler = handlerWith(async (input) => {
      notifierLog.warn('order email: failed', {
        order: { orderId: input.orderId, patientName: 'Jane Roe', patient: { name: 'Jane Roe' } },
        practiceEmail: 'optometrist@practice.example',
        to: { email: 'optometrist@practice.example', phone: '+1 555 0100' },
        shippingAddress: '1 Main Street',
        dateOfBirth: '1970-01-01',
        authorization: `Bearer ${TOKEN}`,
      });
      return { orderId: input.orderId, orderNumber: 'LL-2', accountNumber: input.accountNumber };
    });
    await handler(event({ orderId: ORDER_ID, accountNumber: 'A1001', note: 'x' }));
    const text = lines.join('\n');
    for (const secret of [
      TOKEN,
      'Jane Roe',
      'optometrist@practice.example',
      '555 0100',
      '1 Main Street',
      '1970-01-01',
    ]) {
      expect(text).not.toContain(secret);
    }
    // The ids stay: that is what the line is for.
    expect(parsed()[0]).toMatchObject({ order: { orderId: ORDER_ID, patientName: '[redacted]' } });
  });

  it('names of people and practices are masked (name, company, practiceName, contactName), error class names are not', async () => {
    lines.length = 0;
    const handler = handlerWith(async (input) => {
      notifierLog.warn('consult email: failed', {
        requester: { name: 'Jamie Lindqvist', practiceName: 'ClearSight Optometry' },
        contactName: 'Alex Moreau',
        company: 'Brightview Eye Care',
        customer: { companyName: 'Harbor Vision' },
        currentLens: { designName: 'Ampleye' },
        error: { name: 'ThrottlingException', message: 'slow down' },
      });
      return { orderId: input.orderId, orderNumber: 'LL-3', accountNumber: input.accountNumber };
    });
    await handler(event({ orderId: ORDER_ID, accountNumber: 'A1001', note: 'x' }));
    const text = lines.join('\n');
    for (const personal of [
      'Jamie Lindqvist',
      'ClearSight Optometry',
      'Alex Moreau',
      'Brightview Eye Care',
      'Harbor Vision',
    ]) {
      expect(text).not.toContain(personal);
    }
    expect(parsed()[0]).toMatchObject({
      currentLens: { designName: 'Ampleye' },
      error: { name: 'ThrottlingException', message: 'slow down' },
    });
  });
});

describe("the runbook's queries (infra/log-queries.ts)", () => {
  /** Every key of a line, nested ones dotted as Logs Insights names them (`error.name`). */
  const keysOf = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).flatMap(([key, v]) => [`${prefix}${key}`, ...keysOf(v, `${prefix}${key}.`)])
      : [];

  it('read only fields that the lines of a request, its failure and its emails carry', async () => {
    lines.length = 0;
    const ok = handlerWith(async (input) => {
      notifierLog.warn('order email: failed', { kind: 'order-on-hold', error: { name: 'Throttling', message: 'x' } });
      return { orderId: input.orderId, orderNumber: 'LL-000123', accountNumber: input.accountNumber };
    });
    await ok(event({ orderId: ORDER_ID, accountNumber: 'A1001', note: 'x' }));
    const failing = handlerWith(async () => {
      throw new Error('boom');
    });
    await failing(event({ orderId: ORDER_ID, accountNumber: 'A1001', note: 'x' }));
    const seen = new Set(parsed().flatMap((line) => keysOf(line)));
    for (const query of ON_CALL_QUERIES) {
      for (const field of query.reads) expect(seen.has(field), `${query.name}: ${field}`).toBe(true);
    }
  });
});

describe('ids a log line may carry', () => {
  it('takes the known id fields at the top level of an input or answer, and only plain ids', () => {
    expect(
      idsOf({
        orderId: ORDER_ID,
        accountNumber: 'A1001',
        invoiceId: 'INV-2026-0001',
        orderNumber: 'LL-000123',
        note: 'free text is never taken',
        paymentId: 'has spaces and <angle brackets>',
        claimId: 42,
        nested: { consultId: 'c-1' },
      }),
    ).toEqual({ orderId: ORDER_ID, accountNumber: 'A1001', invoiceId: 'INV-2026-0001', orderNumber: 'LL-000123' });
    expect(idsOf(null)).toEqual({});
    expect(idsOf([{ orderId: ORDER_ID }])).toEqual({});
    expect(idsOf('LL-000123')).toEqual({});
  });
});
