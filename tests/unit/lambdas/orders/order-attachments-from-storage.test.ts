import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderFields } from '../../../../core/schemas/orders';
import { saveOrderDraftInputSchema, submitOrderInputSchema } from '../../../../core/schemas/orders';
import {
  ABANDONED_DRAFT_DAYS,
  removeAbandonedDraftFiles,
} from '../../../../lambdas/use-cases/orders/abandoned-draft-files';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { discardOrderDraft } from '../../../../lambdas/use-cases/orders/discard-order-draft';
import type { OrderDeps } from '../../../../lambdas/use-cases/orders/order-deps';
import { saveOrderDraft } from '../../../../lambdas/use-cases/orders/save-order-draft';
import { submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import { InMemoryAttachedFiles } from '../../../support/attachments-fakes';
import { identity, numberedUuid as id, practiceAnn as practice } from '../../../support/identities';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { InMemoryOrders, testDesign, quietOrderPorts } from '../../../support/order-fakes';
import { testCustomers, testUsers } from '../../../support/test-directory';

/**
 * An order's `attachments` are built by the server from what is stored under the order and
 * passes the first-bytes check, never taken from the client; abandoned and discarded drafts lose their files.
 */

const A = 'ACC-A';
const lab = identity(['admin'], { userId: 'u-lab', email: 'lab@lab.test' });
const DAY = 24 * 60 * 60 * 1000;

/** What a client might claim: a file that is not stored, with a made-up size. */
const CLAIMED = [{ name: 'never-uploaded.pdf', size: 1, type: 'application/pdf' }];

let deps: OrderDeps & { orders: InMemoryOrders; files: InMemoryAttachedFiles };
let clock: Date;

beforeEach(() => {
  const lenses = new InMemoryLensCatalogue();
  lenses.rows.set('scleral-test', testDesign());
  clock = new Date('2025-03-05T10:00:00.000Z');
  deps = {
    ...quietOrderPorts(),
    orders: new InMemoryOrders(),
    users: testUsers([
      { userId: 'u-ann', email: 'ann@a.test', accountNumber: A, firstName: 'Ann' },
      { userId: 'u-lab', email: 'lab@lab.test', accountNumber: 'LAB', firstName: 'Lara' },
    ]),
    customers: testCustomers([{ accountNumber: A }]),
    lenses,
    files: new InMemoryAttachedFiles(),
    now: () => clock,
    sleep: async () => {},
  };
});

function fields(overrides: Partial<OrderFields> = {}) {
  return {
    patient: 'Jane Roe',
    lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
    shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
    attachments: CLAIMED,
    ...overrides,
  } as OrderFields;
}

const saveDraft = (n: number, version?: number) =>
  saveOrderDraft(
    practice,
    saveOrderDraftInputSchema.parse({
      orderId: id(n),
      accountNumber: A,
      ...(version === undefined ? {} : { version }),
      draft: { patient: 'Jane', attachments: CLAIMED },
    }),
    deps,
  );

const submit = (n: number) =>
  submitOrder(practice, submitOrderInputSchema.parse({ orderId: id(n), accountNumber: A, order: fields() }), deps);

describe('order attachments are built by the server from storage', () => {
  it('submit stores the verified stored files, not the list the client sent', async () => {
    await saveDraft(1);
    deps.files.put(id(1), 'Pentacam OD.pdf', 'application/pdf', 150_000);
    deps.files.put(id(1), 'map.png', 'image/png', 2_000);
    // Stored but not what it claims to be: not attached.
    deps.files.put(id(1), 'fake.jpg', 'image/jpeg', 10, new TextEncoder().encode('<html>'));
    const order = await submit(1);
    expect([...order.attachments].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'map.png', size: 2_000, type: 'image/png' },
      { name: 'Pentacam OD.pdf', size: 150_000, type: 'application/pdf' },
    ]);
    expect((await deps.orders.get(id(1)))?.attachments).toEqual(order.attachments);
  });

  it('an upload that was never confirmed is not among the attachments', async () => {
    await saveDraft(1);
    deps.files.putIncoming(id(1), 'pending.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.4'));
    expect((await submit(1)).attachments).toEqual([]);
  });

  it('a submit without a saved draft has no files (nothing can be stored under an unsaved order id)', async () => {
    deps.files.put(id(2), 'stray.pdf');
    expect((await submit(2)).attachments).toEqual([]);
  });

  it('a draft save stores the stored files as its attachments, both on the order and in the draft', async () => {
    await saveDraft(1);
    expect((await deps.orders.get(id(1)))?.attachments).toEqual([]);
    deps.files.put(id(1), 'scan.pdf', 'application/pdf', 500);
    await saveDraft(1, 0);
    const stored = await deps.orders.get(id(1));
    expect(stored?.attachments).toEqual([{ name: 'scan.pdf', size: 500, type: 'application/pdf' }]);
    expect(stored?.draft?.attachments).toEqual(stored?.attachments);
  });

  it('a resubmit (answering a hold) lists the files stored now: ones added while on hold count', async () => {
    await saveDraft(1);
    await submit(1);
    const held = await changeOrderStatus('hold', lab, { orderId: id(1), version: 1, note: 'Need OS map' }, deps);
    deps.files.put(id(1), 'OS map.pdf', 'application/pdf', 700);
    const answered = await changeOrderStatus(
      'resubmit',
      practice,
      { orderId: id(1), version: held.version, note: 'Attached' },
      deps,
    );
    expect(answered.attachments).toEqual([{ name: 'OS map.pdf', size: 700, type: 'application/pdf' }]);
  });
});

describe('files of discarded and abandoned drafts are removed', () => {
  const log = { info: () => {}, warn: () => {} };

  it('discarding a draft removes its attached files and its unconfirmed uploads', async () => {
    await saveDraft(1);
    deps.files.put(id(1), 'scan.pdf');
    deps.files.putIncoming(id(1), 'pending.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.4'));
    await discardOrderDraft(practice, { orderId: id(1) }, deps);
    expect(deps.files.objects.size).toBe(0);
  });

  it(`removes the files of drafts untouched for ${ABANDONED_DRAFT_DAYS} days, keeps recent drafts and placed orders`, async () => {
    clock = new Date('2025-01-01T10:00:00.000Z');
    await saveDraft(1); // abandoned
    await saveDraft(2); // started long ago, saved yesterday
    await saveDraft(3); // placed long ago
    await submit(3);
    for (const n of [1, 2, 3]) deps.files.put(id(n), 'scan.pdf');
    clock = new Date('2025-03-04T10:00:00.000Z');
    await saveDraft(2, 0);
    clock = new Date('2025-03-05T10:00:00.000Z');

    const report = await removeAbandonedDraftFiles({ orders: deps.orders, files: deps.files, log, now: () => clock });
    expect(report).toMatchObject({ draftsCleared: 1, filesRemoved: 1, failed: 0 });
    expect(await deps.files.list(id(1), 1)).toEqual([]);
    expect(await deps.files.list(id(2), 1)).toHaveLength(1);
    expect(await deps.files.list(id(3), 1)).toHaveLength(1);
    // The draft itself stays: its typed fields are its creator's to discard.
    expect(await deps.orders.get(id(1))).toMatchObject({ status: 'draft' });
  });

  it('keeps the files of an old draft while they are themselves recent, and is safe to run twice', async () => {
    clock = new Date(Date.parse('2025-03-05T10:00:00.000Z') - (ABANDONED_DRAFT_DAYS + 5) * DAY);
    await saveDraft(1);
    clock = new Date('2025-03-05T10:00:00.000Z');
    const files = deps.files;
    files.put(id(1), 'scan.pdf');
    files.objects.get(`orders/${id(1)}/scan.pdf`)!.lastModified = new Date(clock.getTime() - DAY).toISOString();
    const run = () => removeAbandonedDraftFiles({ orders: deps.orders, files, log, now: () => clock });
    expect((await run()).draftsCleared).toBe(0);
    files.objects.get(`orders/${id(1)}/scan.pdf`)!.lastModified = '2024-01-01T00:00:00.000Z';
    expect((await run()).draftsCleared).toBe(1);
    expect(await run()).toMatchObject({ draftsCleared: 0, failed: 0 });
  });

  it('a storage failure on one draft is counted and logged; the others are still cleared', async () => {
    clock = new Date('2025-01-01T10:00:00.000Z');
    await saveDraft(1);
    await saveDraft(2);
    for (const n of [1, 2]) deps.files.put(id(n), 'scan.pdf');
    clock = new Date('2025-03-05T10:00:00.000Z');
    const warnings: unknown[] = [];
    const removeAll = deps.files.removeAll.bind(deps.files);
    deps.files.removeAll = async (orderId) => {
      if (orderId === id(1)) throw new Error('S3 down');
      return removeAll(orderId);
    };
    const report = await removeAbandonedDraftFiles({
      orders: deps.orders,
      files: deps.files,
      log: { info: () => {}, warn: (_msg, fields) => warnings.push(fields) },
      now: () => clock,
    });
    expect(report).toMatchObject({ draftsCleared: 1, failed: 1 });
    expect(warnings).toEqual([{ orderId: id(1), error: { name: 'Error', message: 'S3 down' } }]);
  });
});
