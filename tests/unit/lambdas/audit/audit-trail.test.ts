import { describe, expect, it } from 'vitest';
import { createAuditTrail } from '../../../../lambdas/audit/audit-trail';
import { deniedStatusOf, HIDDEN_NOT_FOUND_MESSAGES } from '../../../../lambdas/audit/denied-answers';
import { createLogger } from '../../../../lambdas/http/logger';
import { ACCOUNT_NOT_FOUND } from '../../../../lambdas/kernel/caller';
import { ORDER_NOT_FOUND } from '../../../../lambdas/use-cases/orders/order-view';
import { INVOICE_NOT_FOUND } from '../../../../lambdas/use-cases/invoices/invoice-access';
import { PAYMENT_NOT_FOUND } from '../../../../lambdas/use-cases/payments/payment-access';
import { InMemoryAuditLog } from '../../../support/in-memory-audit';
import { identity } from '../../../support/identities';
import { CONSULT_NOT_FOUND } from '../../../../core/schemas/consults';

const request = {
  route: 'updateCustomer',
  correlationId: 'corr-1',
  sourceIp: '203.0.113.9',
  actor: identity(['admin', 'superadmin'], { userId: 'sa-1', email: 'Super@Lab.test' }),
};
const fixedNow = () => new Date('2025-03-04T05:06:07.000Z');

function setup(overrides: { changeWaitMs?: number; denialWaitMs?: number } = {}) {
  const store = new InMemoryAuditLog();
  const lines: string[] = [];
  const log = createLogger({}, (line) => lines.push(line));
  let n = 0;
  const trail = createAuditTrail(request, { store, log, now: fixedNow, newId: () => `ev-${++n}`, ...overrides });
  return { store, lines, trail };
}

describe('the request audit trail (one helper for every admin change)', () => {
  it('records a change with who, when, from where, the target and only what changed', async () => {
    const { store, trail } = setup();
    await trail.recordChange({
      action: 'practice.update',
      target: { type: 'practice', id: 'BV-1001' },
      accountNumber: 'bv-1001',
      before: { accountNumber: 'BV-1001', phone: '1', company: 'Brightview', version: 2 },
      after: { accountNumber: 'BV-1001', phone: '2', company: 'Brightview', version: 3 },
      keep: ['accountNumber'],
    });
    expect(store.events).toEqual([
      {
        eventId: 'ev-1',
        at: '2025-03-04T05:06:07.000Z',
        kind: 'change',
        action: 'practice.update',
        actor: { userId: 'sa-1', email: 'Super@Lab.test', groups: ['admin', 'superadmin'] },
        target: { type: 'practice', id: 'BV-1001' },
        accountNumber: 'BV-1001',
        route: 'updateCustomer',
        status: null,
        correlationId: 'corr-1',
        sourceIp: '203.0.113.9',
        before: { accountNumber: 'BV-1001', phone: '1', version: 2 },
        after: { accountNumber: 'BV-1001', phone: '2', version: 3 },
      },
    ]);
  });

  it('records a denial with its status and no target or values', async () => {
    const { store, trail } = setup();
    await trail.recordDenial(403);
    expect(store.events[0]).toMatchObject({
      kind: 'denied',
      action: 'access.denied',
      status: 403,
      target: null,
      before: null,
      after: null,
      actor: { userId: 'sa-1' },
    });
  });

  it('a failing store never fails the change: the entry goes to the error log instead', async () => {
    const { store, lines, trail } = setup();
    store.failWith = new Error('ProvisionedThroughputExceeded');
    await expect(
      trail.recordChange({ action: 'lens.create', target: { type: 'lens', id: 'SCL-1' }, after: { name: 'A' } }),
    ).resolves.toBeUndefined();
    const logged = JSON.parse(lines.find((l) => l.includes('AUDIT WRITE FAILED'))!);
    expect(logged).toMatchObject({ level: 'error', event: { action: 'lens.create', target: { id: 'SCL-1' } } });
  });

  it('a hanging store is given up on after the wait, and its write is aborted', async () => {
    const { store, lines, trail } = setup({ denialWaitMs: 30 });
    store.delayMs = 5_000;
    const started = Date.now();
    await trail.recordDenial(401);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(store.aborted).toBe(1);
    expect(lines.some((l) => l.includes('AUDIT WRITE FAILED') && l.includes('no answer within 30 ms'))).toBe(true);
  });
});

describe('which answers are denials', () => {
  it('401 and 403 always; 404 only with the messages that hide another practice data', () => {
    expect(deniedStatusOf(401, 'Sign in to continue')).toBe(401);
    expect(deniedStatusOf(403, 'You do not have access to this operation')).toBe(403);
    expect(deniedStatusOf(404, 'Order not found')).toBe(404);
    expect(deniedStatusOf(404, 'Lens design not found')).toBeNull();
    expect(deniedStatusOf(404, 'No account number is linked to this user')).toBeNull();
    expect(deniedStatusOf(400, 'Order not found')).toBeNull();
    expect(deniedStatusOf(409, undefined)).toBeNull();
  });

  it('the hidden not-found messages are the ones the use cases answer', () => {
    for (const message of [ORDER_NOT_FOUND, ACCOUNT_NOT_FOUND, INVOICE_NOT_FOUND, PAYMENT_NOT_FOUND, CONSULT_NOT_FOUND])
      expect(HIDDEN_NOT_FOUND_MESSAGES.has(message), message).toBe(true);
  });
});
