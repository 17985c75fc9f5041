import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createCustomerInputSchema,
  updateCustomerInputSchema,
} from '../../../../core/schemas/customers/customer-admin';
import { recordOfflinePaymentInputSchema, voidInvoiceInputSchema } from '../../../../core/schemas/invoices';
import { listAuditEventsInputSchema } from '../../../../core/schemas/audit';
import { ROUTES, type RouteName } from '../../../../core/routes';
import { createAuditTrail } from '../../../../lambdas/audit/audit-trail';
import type { AuditQuery } from '../../../../lambdas/ports/audit-log';
import { adminResetPassword } from '../../../../lambdas/use-cases/users/admin-reset-password';
import { createCustomer } from '../../../../lambdas/use-cases/customers/create-customer';
import { AUDIT_RANGE_MESSAGES, listAuditEvents } from '../../../../lambdas/use-cases/audit/list-audit-events';
import { recordOfflinePayment, voidInvoice } from '../../../../lambdas/use-cases/invoices/invoices';
import { setRole } from '../../../../lambdas/use-cases/users/set-role';
import { updateCustomer } from '../../../../lambdas/use-cases/customers/update-customer';
import { failureOf } from '../../../support/failure-of';
import { InMemoryAuditLog, recordingTrail } from '../../../support/in-memory-audit';
import { InMemoryCustomers, InMemoryReferenceData, memoryLogger } from '../../../support/in-memory-ports';
import { lab, moneyFixture } from '../money/money-fixture';
import { usersAdminWorld } from '../users-admin/fixtures';

/** A real trail over an in-memory log: what the use case reports, as the audit log would store it. */
function storedTrail() {
  const store = new InMemoryAuditLog();
  const audit = createAuditTrail(
    { route: 'test', correlationId: 'c-1', sourceIp: '127.0.0.1', actor: lab },
    { store, log: memoryLogger().log, now: () => new Date() },
  );
  return { store, audit };
}

describe('admin changes are recorded with before and after', () => {
  it('setRole: the role and groups before and after, with the user email', async () => {
    const { deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    const { audit, changes } = recordingTrail();
    await setRole({ userId, role: 'admin', isSuperAdmin: false }, { ...deps, audit });
    expect(changes).toEqual([
      expect.objectContaining({
        action: 'user.role',
        target: { type: 'user', id: userId },
        before: expect.objectContaining({ role: null, groups: ['customer'] }),
        after: expect.objectContaining({ role: 'admin', isSuperAdmin: false, groups: ['admin'] }),
      }),
    ]);
  });

  it('setRole to the role the user already has changes nothing and records nothing', async () => {
    const { deps, add } = usersAdminWorld();
    const userId = add('a@lab.test', ['admin']);
    const { audit, changes } = recordingTrail();
    await setRole({ userId, role: 'admin', isSuperAdmin: false }, { ...deps, audit });
    await setRole({ userId, role: 'admin', isSuperAdmin: false }, { ...deps, audit });
    expect(changes).toHaveLength(1);
  });

  it('adminResetPassword: the entry says it happened and never holds the new password', async () => {
    const { deps, add, caller } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    const { store, audit } = storedTrail();
    await adminResetPassword(caller, { userId, newPassword: 'Reset!2025xyz' }, { ...deps, audit });
    expect(store.events[0]).toMatchObject({ action: 'user.reset-password', target: { id: userId } });
    expect(JSON.stringify(store.events)).not.toContain('Reset!2025xyz');
  });

  it('updateCustomer: only the fields that changed, read before the conditional write', async () => {
    const customers = new InMemoryCustomers();
    const referenceData = new InMemoryReferenceData();
    const address = { address: '1 Lens Way', city: 'Austin', state: 'TX', zip: '78701' };
    const { store, audit } = storedTrail();
    await createCustomer(
      createCustomerInputSchema.parse({
        accountNumber: 'BV-7',
        company: 'Old',
        phone: '512 555 0100',
        shippingAddress: address,
      }),
      { customers, referenceData, audit },
    );
    await updateCustomer(updateCustomerInputSchema.parse({ accountNumber: 'BV-7', version: 0, company: 'New' }), {
      customers,
      referenceData,
      audit,
    });
    expect(store.events.map((e) => e.action)).toEqual(['practice.create', 'practice.update']);
    expect(store.events[1]).toMatchObject({
      accountNumber: 'BV-7',
      target: { type: 'practice', id: 'BV-7' },
      before: { company: 'Old', version: 0 },
      after: { company: 'New', version: 1 },
    });
    // Unchanged fields stay out of the entry.
    expect(store.events[1]!.after).not.toHaveProperty('phone');
    expect(store.events[1]!.before).not.toHaveProperty('shippingAddress');
  });

  it('a refused change records nothing', async () => {
    const customers = new InMemoryCustomers();
    const { audit, changes } = recordingTrail();
    const input = updateCustomerInputSchema.parse({ accountNumber: 'NOPE-1', version: 0, company: 'X' });
    expect(
      (await failureOf(updateCustomer(input, { customers, referenceData: new InMemoryReferenceData(), audit }))).status,
    ).toBe('not-found');
    expect(changes).toEqual([]);
  });

  it('voidInvoice and recordOfflinePayment: money facts and the reason, no invoice lines', async () => {
    const f = moneyFixture();
    f.invoice('INV-1', 5_000);
    f.invoice('INV-2', 5_000);
    const { store, audit } = storedTrail();
    await voidInvoice(
      lab,
      voidInvoiceInputSchema.parse({ invoiceNumber: 'INV-1', version: 0, reason: 'Billed twice' }),
      {
        ...f.deps,
        audit,
      },
    );
    await recordOfflinePayment(
      lab,
      recordOfflinePaymentInputSchema.parse({
        invoiceNumber: 'INV-2',
        version: 0,
        method: 'cheque',
        amountCents: 6_000,
      }),
      { ...f.deps, audit },
    );
    expect(store.events[0]).toMatchObject({
      action: 'invoice.void',
      accountNumber: 'ACC-A',
      before: { status: 'open', balanceCents: 5_000 },
      after: { status: 'void', balanceCents: 0, voidReason: 'Billed twice' },
    });
    expect(store.events[1]).toMatchObject({
      action: 'invoice.offline-payment',
      before: { status: 'open', paidCents: 0 },
      after: { status: 'paid', paidCents: 5_000, amountCents: 6_000, method: 'cheque', toAccountCreditCents: 1_000 },
    });
    expect(JSON.stringify(store.events)).not.toContain('Scleral lens');
  });
});

/**
 * The routes whose use cases record admin changes. Their handlers must hand the request's trail to the use case,
 * or the change would go unrecorded (the use cases take it as an optional dependency).
 */
const AUDITED_ROUTES: RouteName[] = [
  'createUser',
  'deleteUser',
  'updateUserStatus',
  'setRole',
  'overrideEmailVerification',
  'adminResetPassword',
  'createCustomer',
  'updateCustomer',
  'linkUserToAccount',
  'unlinkUserFromAccount',
  'approveAccountRequest',
  'rejectAccountRequest',
  'createLensDesign',
  'updateLensDesign',
  'updateEmailTemplate',
  'updateLabNotificationSettings',
  'sendEmail',
  'sendTestEmail',
  'approveOrder',
  'holdOrder',
  'rejectOrder',
  'closeOrder',
  'updateProductionSettings',
  'moveOrderStages',
  'recordOrderDelay',
  'createInvoice',
  'voidInvoice',
  'recordOfflinePayment',
  'grantGoodwillCredit',
  'decideWarrantyClaim',
  'markClaimReturnReceived',
];

describe('every admin-change route hands the request audit trail to its use case', () => {
  it.each(AUDITED_ROUTES)('%s', (name) => {
    const source = readFileSync(`lambdas/handlers/${ROUTES[name].handler}.ts`, 'utf8');
    expect(source).toMatch(/\bctx\.audit\b/);
  });
});

describe('listAuditEvents: the date range', () => {
  const NOW = new Date('2025-06-30T15:00:00Z');
  function reader() {
    const queries: AuditQuery[] = [];
    return {
      queries,
      audit: { list: async (q: AuditQuery) => (queries.push(q), { items: [], nextCursor: null }) },
    };
  }
  const run = (input: unknown, deps: ReturnType<typeof reader>) =>
    listAuditEvents(listAuditEventsInputSchema.parse(input), { audit: deps.audit, now: () => NOW });

  it('defaults to the 30 days up to today (UTC) and lower-cases the user email', async () => {
    const r = reader();
    await run({ user: 'Admin@Lab.test' }, r);
    expect(r.queries[0]).toMatchObject({
      from: '2025-06-01',
      to: '2025-06-30',
      actorEmail: 'admin@lab.test',
      limit: 50,
    });
  });

  it('a start after the end, or more than 366 days, is a 400 naming the field', async () => {
    expect(await failureOf(run({ from: '2025-06-10', to: '2025-06-01' }, reader()))).toMatchObject({
      status: 'invalid-argument',
      message: AUDIT_RANGE_MESSAGES.order,
      details: { fieldErrors: { from: [AUDIT_RANGE_MESSAGES.order] } },
    });
    expect((await failureOf(run({ from: '2024-01-01', to: '2025-06-01' }, reader()))).message).toBe(
      AUDIT_RANGE_MESSAGES.tooLong,
    );
  });

  it('the schema refuses an unknown action and unknown keys', () => {
    expect(listAuditEventsInputSchema.safeParse({ action: 'drop.table' }).success).toBe(false);
    expect(listAuditEventsInputSchema.safeParse({ actor: 'x' }).success).toBe(false);
  });
});
