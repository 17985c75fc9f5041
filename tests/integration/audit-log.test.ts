import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEvent } from '../../core/schemas/audit';
import { caller } from '../support/api-call';
import { createTestUser, deleteTestUser, signIn, uniqueEmail, type TestUser } from '../support/cognito-test-users';
import { putRow, queryIndex, userRow } from '../support/dynamo-rows';

/**
 * The audit trail through the local gateway and DynamoDB Local: an admin change and a denied
 * request appear on the super admins' listAuditEvents, filtered by user, practice, action and date; nothing
 * stored holds a token or a password; entries cannot be written twice.
 */
const urls = inject('urls');
let superAdmin: TestUser;
let superToken: string;
let customer: TestUser;
let customerToken: string;
let asSuper: ReturnType<typeof caller>;
let asCustomer: ReturnType<typeof caller>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  superAdmin = await createTestUser(['admin', 'superadmin'], uniqueEmail('auditor'));
  superToken = await signIn(superAdmin);
  customer = await createTestUser(['customer'], uniqueEmail('prober'));
  // Terms accepted, no linked account: a practice user who may call practice routes but owns no order.
  await putRow('users', userRow(customer));
  customerToken = await signIn(customer);
  asSuper = caller(urls.api, superToken);
  asCustomer = caller(urls.api, customerToken);
});

const account = () => `AU-${randomUUID().slice(0, 8).toUpperCase()}`;
const address = { address: '1 Lens Way', city: 'Austin', state: 'TX', zip: '78701' };

async function listed(filters: Record<string, unknown>): Promise<AuditEvent[]> {
  const res = await asSuper('listAuditEvents', filters);
  expect(res.status).toBe(200);
  return res.body.result.items as AuditEvent[];
}

describe('admin changes appear with actor, target, before and after', () => {
  it('creating and editing a practice: newest first, under the practice, the editor and the action', async () => {
    const accountNumber = account();
    const created = await asSuper('createCustomer', {
      accountNumber,
      company: 'Audit Optometry',
      phone: '(512) 555-0100',
      shippingAddress: address,
    });
    expect(created.status).toBe(200);
    const updated = await asSuper('updateCustomer', { accountNumber, version: 0, company: 'Audit Eye Care' });
    expect(updated.status).toBe(200);

    const byPractice = await listed({ accountNumber });
    expect(byPractice.map((e) => e.action)).toEqual(['practice.update', 'practice.create']);
    expect(byPractice[0]).toMatchObject({
      kind: 'change',
      route: 'updateCustomer',
      actor: { userId: superAdmin.userId, email: superAdmin.email },
      target: { type: 'practice', id: accountNumber },
      before: { company: 'Audit Optometry', version: 0 },
      after: { company: 'Audit Eye Care', version: 1 },
    });
    expect(byPractice[0]!.after).not.toHaveProperty('phone');

    const byUserAndAction = await listed({ user: superAdmin.email.toUpperCase(), action: 'practice.update' });
    expect(byUserAndAction.map((e) => e.target?.id)).toContain(accountNumber);
    expect(byUserAndAction.every((e) => e.action === 'practice.update')).toBe(true);
  });

  it('a date range that ends before today lists none of today entries', async () => {
    const accountNumber = account();
    await asSuper('createCustomer', {
      accountNumber,
      company: 'Old News',
      phone: '(512) 555-0100',
      shippingAddress: address,
    });
    expect(await listed({ accountNumber, from: '2020-01-01', to: '2020-12-31' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await listed({ accountNumber, from: today, to: today })).toHaveLength(1);
  });
});

describe('denied requests appear with the caller', () => {
  it('a customer calling a super admin route (403) and asking for an order that is not theirs (hidden 404)', async () => {
    expect((await asCustomer('listAuditEvents', {})).status).toBe(403);
    const probe = await asCustomer('getOrder', { orderId: randomUUID() });
    expect(probe.status).toBe(404);
    expect(probe.body.error.message).toBe('Order not found');

    // The customer's sign-in entries are listed under them too.
    const denied = (await listed({ user: customer.email })).filter((e) => e.kind === 'denied');
    expect(denied.map((e) => [e.action, e.route, e.status])).toEqual([
      ['access.hidden-not-found', 'getOrder', 404],
      ['access.denied', 'listAuditEvents', 403],
    ]);
    expect(denied[1]).toMatchObject({
      kind: 'denied',
      actor: { userId: customer.userId, groups: ['customer'] },
      target: null,
      before: null,
      after: null,
    });
    expect(denied[1]!.correlationId).toMatch(/\S/);
    expect(denied[1]!.sourceIp).toMatch(/\S/);
  });

  it('pages with a cursor, newest first, with no entry twice', async () => {
    for (let i = 0; i < 3; i++) expect((await asCustomer('listAuditEvents', {})).status).toBe(403);
    const first = await asSuper('listAuditEvents', { user: customer.email, limit: 2 });
    expect(first.body.result.items).toHaveLength(2);
    expect(first.body.result.nextCursor).toEqual(expect.any(String));
    const second = await asSuper('listAuditEvents', {
      user: customer.email,
      limit: 2,
      cursor: first.body.result.nextCursor,
    });
    const ids = [...first.body.result.items, ...second.body.result.items].map((e: AuditEvent) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.body.result.items, ...second.body.result.items].map((e: AuditEvent) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('nothing in the audit log is a token or a password', () => {
  it('after a user is created with a password and has it reset, and after denied calls with tokens', async () => {
    const email = uniqueEmail('audited');
    const made = await asSuper('createUser', { email, password: 'Audit!Create2025', role: 'customer' });
    expect(made.status).toBe(200);
    const userId = made.body.result.userId as string;
    expect((await asSuper('adminResetPassword', { userId, newPassword: 'Audit!Reset2025' })).status).toBe(200);
    expect((await asCustomer('setRole', { userId, role: 'admin', isSuperAdmin: false })).status).toBe(403);

    const stored = [
      ...(await queryIndex('auditLog', 'byActor', 'actorEmail', superAdmin.email.toLowerCase())),
      ...(await queryIndex('auditLog', 'byActor', 'actorEmail', customer.email.toLowerCase())),
    ];
    const actions = stored.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['user.create', 'user.reset-password', 'access.denied']));
    const text = JSON.stringify(stored);
    for (const secret of [superToken, customerToken, 'Audit!Create2025', 'Audit!Reset2025', superAdmin.password]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    await deleteTestUser(userId);
  });
});

describe('append-only', () => {
  it('an entry is written once: putting the same id again is refused and the first stays', async () => {
    const { dynamoAuditLog } = await import('../../lambdas/adapters/dynamo-audit-log');
    const log = dynamoAuditLog();
    const event: AuditEvent = {
      eventId: randomUUID(),
      at: new Date().toISOString(),
      kind: 'change',
      action: 'lens.create',
      actor: { userId: 'it-actor', email: `it-${randomUUID().slice(0, 6)}@lab.test`, groups: ['admin'] },
      target: { type: 'lens', id: 'SCL-AUDIT' },
      accountNumber: null,
      route: 'createLensDesign',
      status: null,
      correlationId: 'it',
      sourceIp: '127.0.0.1',
      before: null,
      after: { name: 'First' },
    };
    await log.append(event);
    await expect(log.append({ ...event, after: { name: 'Rewritten' } })).rejects.toThrow();
    const rows = await queryIndex('auditLog', 'byActor', 'actorEmail', event.actor!.email!);
    expect(rows.map((r) => r.after)).toEqual([{ name: 'First' }]);
  });
});
