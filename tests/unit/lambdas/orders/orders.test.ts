import { CHANGED_MESSAGES } from '../../../../core/messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TRANSITIONS } from '../../../../core/rules/order-lifecycle';
import type { OrderFields } from '../../../../core/schemas/orders';
import { submitOrderInputSchema } from '../../../../core/schemas/orders';
import { outboxMessage } from '../../../../lambdas/kernel/outbox';
import type { MoneyEmail } from '../../../../lambdas/ports/money-notifier';
import type { OrderNotice } from '../../../../lambdas/ports/order-notifier';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import { changeOrderStatus, type StatusAction } from '../../../../lambdas/use-cases/orders/change-order-status';
import { discardOrderDraft } from '../../../../lambdas/use-cases/orders/discard-order-draft';
import { getAdminDashboard, lastWeekStarts } from '../../../../lambdas/use-cases/orders/get-admin-dashboard';
import { getCustomerInfo } from '../../../../lambdas/use-cases/customers/get-customer-info';
import { getOrder } from '../../../../lambdas/use-cases/orders/get-order';
import { listAccountOrders } from '../../../../lambdas/use-cases/orders/list-account-orders';
import { listOrders } from '../../../../lambdas/use-cases/orders/list-orders';
import type { OrderDeps } from '../../../../lambdas/use-cases/orders/order-deps';
import { saveOrderDraft } from '../../../../lambdas/use-cases/orders/save-order-draft';
import { formatOrderNumber, ORDER_ID_USED, submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import {
  colleagueBob as colleague,
  identity,
  numberedUuid as id,
  practiceAnn as practice,
} from '../../../support/identities';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { sampleInvoice } from '../../../support/money-email-fakes';
import {
  FixedActiveUsers,
  InMemoryOrders,
  testDesign,
  orderPorts,
  quietOrderPorts,
} from '../../../support/order-fakes';
import { testCustomers, testUsers } from '../../../support/test-directory';

const A = 'ACC-A';
const B = 'ACC-B';
const outsider = identity(['customer'], { userId: 'u-eve', email: 'eve@b.test' });
const lab = identity(['admin'], { userId: 'u-lab', email: 'lab@lab.test' });

let deps: OrderDeps & ReturnType<typeof quietOrderPorts> & { orders: InMemoryOrders };
let clock: Date;

beforeEach(() => {
  const users = testUsers([
    { userId: 'u-ann', email: 'ann@a.test', accountNumber: A, firstName: 'Ann' },
    { userId: 'u-bob', email: 'bob@a.test', accountNumber: A, firstName: 'Bob' },
    { userId: 'u-eve', email: 'eve@b.test', accountNumber: B, firstName: 'Eve' },
    { userId: 'u-lab', email: 'lab@lab.test', accountNumber: 'LAB', firstName: 'Lara' },
  ]);
  const customers = testCustomers([{ accountNumber: A }, { accountNumber: B, pricingAllowed: false }]);
  const lenses = new InMemoryLensCatalogue();
  lenses.rows.set('scleral-test', testDesign());
  lenses.rows.set('retired', testDesign({ lensId: 'retired', active: false }));
  clock = new Date('2025-03-05T10:00:00.000Z');
  deps = orderPorts({ users, customers, lenses, now: () => clock });
});

function fields(overrides: Partial<OrderFields> = {}) {
  return {
    patient: 'Jane Roe',
    poNumber: 'PO-77',
    lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 2 }],
    shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
    ...overrides,
  } as OrderFields;
}
const submitInput = (orderId: string, accountNumber = A, order = fields()) =>
  submitOrderInputSchema.parse({ orderId, accountNumber, order });

async function placed(n: number, caller = practice, accountNumber = A) {
  return submitOrder(caller, submitInput(id(n), accountNumber), deps);
}

/** The order emails the writes stored in the outbox, oldest first. */
const orderEmails = () => deps.orders.outbox.notices<OrderNotice>('order');

async function act(action: StatusAction, caller: typeof lab, orderId: string, extra: object = {}) {
  const order = await deps.orders.get(orderId);
  return changeOrderStatus(action, caller, { orderId, version: order!.version, ...extra }, deps);
}

describe('drafts', () => {
  it('the first save creates the draft at version 0; a save naming that version updates it', async () => {
    const first = await saveOrderDraft(
      practice,
      { orderId: id(1), accountNumber: A, draft: { patient: 'Ja', lines: [], attachments: [] } },
      deps,
    );
    expect(first.version).toBe(0);
    const second = await saveOrderDraft(
      practice,
      { orderId: id(1), accountNumber: A, version: 0, draft: { patient: 'Jane', lines: [], attachments: [] } },
      deps,
    );
    expect(second.version).toBe(1);
    expect(await deps.orders.get(id(1))).toMatchObject({ status: 'draft', patient: 'Jane', orderNumber: null });
  });

  it('a draft save under a placed order\'s id is a 409 saying so, and the order is unchanged (docs/decisions/0058-warranty-chains.md "Same id, same contents")', async () => {
    const order = await placed(1);
    for (const version of [undefined, order.version])
      await expect(
        saveOrderDraft(
          practice,
          { orderId: id(1), accountNumber: A, version, draft: { patient: 'Other', lines: [], attachments: [] } },
          deps,
        ),
      ).rejects.toMatchObject({
        status: 'aborted',
        message: 'This order has been submitted already: it can no longer be changed as a draft.',
      });
    expect(await deps.orders.get(id(1))).toEqual(order);
  });

  it('a save naming a stale version is refused with the reload message and changes nothing', async () => {
    const draft = { patient: 'A', lines: [], attachments: [] };
    await saveOrderDraft(practice, { orderId: id(1), accountNumber: A, draft }, deps);
    await saveOrderDraft(practice, { orderId: id(1), accountNumber: A, version: 0, draft }, deps);
    await expect(
      saveOrderDraft(
        practice,
        { orderId: id(1), accountNumber: A, version: 0, draft: { ...draft, patient: 'X' } },
        deps,
      ),
    ).rejects.toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.order });
    expect((await deps.orders.get(id(1)))!.patient).toBe('A');
  });

  it("another user's draft is not-found, even for a colleague on the same account", async () => {
    const draft = { patient: 'A', lines: [], attachments: [] };
    await saveOrderDraft(practice, { orderId: id(1), accountNumber: A, draft }, deps);
    await expect(
      saveOrderDraft(colleague, { orderId: id(1), accountNumber: A, version: 0, draft }, deps),
    ).rejects.toMatchObject({ status: 'not-found' });
    await expect(getOrder(colleague, { orderId: id(1) }, deps)).rejects.toMatchObject({ status: 'not-found' });
    // Discarding answers as for an unknown id: a different answer would tell which order ids exist.
    expect(await discardOrderDraft(colleague, { orderId: id(1) }, deps)).toEqual({ discarded: false });
    expect((await getOrder(practice, { orderId: id(1) }, deps)).status).toBe('draft');
  });

  it('a draft on an account the caller is not linked to is refused as not-found', async () => {
    await expect(
      saveOrderDraft(practice, { orderId: id(1), accountNumber: B, draft: { lines: [], attachments: [] } }, deps),
    ).rejects.toMatchObject({ status: 'not-found' });
    expect(deps.orders.rows.size).toBe(0);
  });

  it('discarding deletes the draft and its files; a submitted order cannot be discarded', async () => {
    const removed: string[] = [];
    await saveOrderDraft(practice, { orderId: id(1), accountNumber: A, draft: { lines: [], attachments: [] } }, deps);
    const answer = await discardOrderDraft(
      practice,
      { orderId: id(1) },
      {
        ...deps,
        files: { removeAll: async (orderId) => void removed.push(orderId) },
      },
    );
    expect(answer).toEqual({ discarded: true });
    expect(removed).toEqual([id(1)]);
    expect(deps.orders.rows.has(id(1))).toBe(false);
    await placed(2);
    await expect(discardOrderDraft(practice, { orderId: id(2) }, deps)).rejects.toMatchObject({ status: 'aborted' });
  });
});

describe('submitOrder', () => {
  it('stores the order with a snapshot of the design, a number from the sequence, history and counters', async () => {
    const order = await placed(1);
    expect(order).toMatchObject({
      orderNumber: 'LL-000001',
      status: 'submitted',
      totalCents: 80000,
      history: [
        { action: 'submit', from: null, to: 'submitted', by: { userId: 'u-ann', name: 'Ann Test', actor: 'practice' } },
      ],
    });
    expect(order.lines[0]!.design).toMatchObject({
      name: 'Test Scleral',
      version: 3,
      warrantyDays: 90,
      priceCents: 40000,
    });
    expect(deps.orders.counterValues.get('status#submitted')).toBe(1);
    expect(deps.orders.counterValues.get('week#2025-03-03')).toBe(1);
    expect(deps.orders.counterValues.get(`account#${A}`)).toBe(1);
    expect((await placed(2)).orderNumber).toBe('LL-000002');
  });

  it('a later catalog edit does not change a placed order (the design is a snapshot)', async () => {
    await placed(1);
    (deps.lenses as InMemoryLensCatalogue).rows.set('scleral-test', testDesign({ name: 'Renamed', warrantyDays: 5 }));
    expect((await deps.orders.get(id(1)))!.lines[0]!.design).toMatchObject({ name: 'Test Scleral', warrantyDays: 90 });
  });

  it('a repeated submit answers the stored order: one order, one number, one email', async () => {
    const first = await placed(1);
    const again = await placed(1);
    expect(again).toEqual(first);
    expect(deps.orders.writes).toHaveLength(1);
    expect(orderEmails().map((n) => n.kind)).toEqual(['order-submitted']);
  });

  it('the same orderId with other contents is a 409 saying so, and changes nothing (docs/decisions/0058-warranty-chains.md "Same id, same contents")', async () => {
    const first = await placed(1);
    const other = (order: OrderFields) => submitOrder(practice, submitInput(id(1), A, order), deps);
    const variants = [
      fields({ patient: 'John Doe' }),
      fields({ poNumber: 'PO-78' }),
      fields({ notes: 'Rush' }),
      fields({
        lines: [{ eye: 'OS', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 2 }],
      }),
      fields({
        lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 3 }],
      }),
      fields({
        lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -3, diameter: 16.5 }, quantity: 2 }],
      }),
      fields({
        shipping: { method: 'overnight', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
      }),
      fields({ remake: { kind: 'reorder', ofOrderId: id(1) } }),
    ];
    for (const order of variants)
      await expect(other(order)).rejects.toMatchObject({ status: 'aborted', message: ORDER_ID_USED });
    expect(await deps.orders.get(id(1))).toEqual(first);
    expect(deps.orders.writes).toHaveLength(1);
    // The same contents again, keys in another order, is still the idempotent answer.
    const reordered = fields({
      lines: [{ quantity: 2, parameters: { diameter: 16.5, sphere: -2.5 }, lensId: 'scleral-test', eye: 'OD' }],
    });
    expect(await other(reordered)).toEqual(first);
  });

  it('a submit that loses the race to an identical one answers the winner', async () => {
    const [a, b] = await Promise.all([placed(1), placed(1)]);
    expect(a.orderNumber).toBe(b.orderNumber);
    expect(deps.orders.rows.size).toBe(1);
    expect(deps.orders.counterValues.get('status#submitted')).toBe(1);
    // The loser's write was refused, and its email with it.
    expect(orderEmails().map((n) => n.kind)).toEqual(['order-submitted']);
  });

  it('a sequence value taken by another order is read again and the write retried, storing one email', async () => {
    deps.orders.pendingRefusals.push(orderRefusals.refuse('sequence'), orderRefusals.refuse('contention'));
    expect((await placed(1)).orderNumber).toBe('LL-000001');
    expect(orderEmails().map((n) => [n.kind, n.order.orderNumber])).toEqual([['order-submitted', 'LL-000001']]);
  });

  it("turns the caller's draft into the order (draft -> submitted in the history)", async () => {
    await saveOrderDraft(practice, { orderId: id(1), accountNumber: A, draft: { lines: [], attachments: [] } }, deps);
    const order = await placed(1);
    expect(order.history.map((h) => [h.from, h.to])).toEqual([['draft', 'submitted']]);
    expect(order.version).toBe(1);
  });

  it('an out-of-range parameter is a field error keyed by its form field, and nothing is written', async () => {
    const bad = fields({
      lines: [{ eye: 'OS', lensId: 'scleral-test', parameters: { sphere: -30, diameter: 16.55 }, quantity: 1 }],
    });
    const error = await submitOrder(practice, submitInput(id(1), A, bad), deps).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 'invalid-argument' });
    expect((error as { details: { fieldErrors: Record<string, string[]> } }).details.fieldErrors).toEqual({
      'lines.0.parameters.sphere': ['Sphere must be between -20.00 and +20.00 D'],
      'lines.0.parameters.diameter': ['Diameter must be in steps of 0.1 mm'],
    });
    expect(deps.orders.rows.size).toBe(0);
    expect(deps.orders.counterValues.size).toBe(0);
  });

  it('an inactive or unknown design is refused on its line', async () => {
    const retired = fields({ lines: [{ eye: 'OD', lensId: 'retired', parameters: {}, quantity: 1 }] });
    await expect(submitOrder(practice, submitInput(id(1), A, retired), deps)).rejects.toMatchObject({
      details: { fieldErrors: { 'lines.0.lensId': [expect.stringContaining('not available')] } },
    });
  });

  it('an account the caller is not linked to is not-found', async () => {
    await expect(placed(1, practice, B)).rejects.toMatchObject({ status: 'not-found' });
  });

  it('the email is stored with the order, carries no prices and names the orderer (addressed when delivered)', async () => {
    const order = await placed(1);
    // The email and the order.submitted webhook event.
    expect(deps.orders.writes.at(-1)!.notices!.map((m) => m.topic)).toEqual(['order', 'webhook']);
    const [notice] = orderEmails();
    expect(notice).toMatchObject({ kind: 'order-submitted', practiceUserId: 'u-ann' });
    expect(notice!.order).toMatchObject({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      patient: 'Jane Roe',
    });
    expect(notice!.order.totalCents).toBeUndefined();
    expect(notice!.order.lines[0]!.design.priceCents).toBeUndefined();
  });

  it('a submit the store refuses stores no email', async () => {
    const bad = fields({ consultId: id(9) });
    await expect(submitOrder(practice, submitInput(id(1), A, bad), deps)).rejects.toMatchObject({
      status: 'invalid-argument',
    });
    expect(orderEmails()).toEqual([]);
  });

  it('a reorder must point to an order of the same account, and stores its number', async () => {
    await placed(1, outsider, B);
    const elsewhere = fields({ remake: { kind: 'reorder', ofOrderId: id(1) } });
    await expect(submitOrder(practice, submitInput(id(2), A, elsewhere), deps)).rejects.toMatchObject({
      status: 'invalid-argument',
    });
    await placed(3);
    const reorder = await submitOrder(
      practice,
      submitInput(id(4), A, fields({ remake: { kind: 'reorder', ofOrderId: id(3) } })),
      deps,
    );
    expect(reorder.remake).toEqual({ kind: 'reorder', ofOrderId: id(3), ofOrderNumber: 'LL-000002' });
  });

  it("a warranty remake needs a closed order within its design's warranty days of closing", async () => {
    await placed(1);
    const warranty = (n: number) =>
      submitOrder(practice, submitInput(id(n), A, fields({ remake: { kind: 'warranty', ofOrderId: id(1) } })), deps);
    await expect(warranty(2)).rejects.toMatchObject({ status: 'invalid-argument' });
    await act('approve', lab, id(1));
    await act('close', lab, id(1), { invoiceNumber: 'INV-1' });
    clock = new Date(clock.getTime() + 89 * 86_400_000);
    expect((await warranty(3)).remake).toMatchObject({ kind: 'warranty', ofOrderNumber: 'LL-000001' });
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    await expect(warranty(4)).rejects.toMatchObject({ details: { fieldErrors: { 'remake.kind': expect.any(Array) } } });
  });
});

describe('changeOrderStatus, every transition of ORDER_TRANSITIONS', () => {
  const reachable = ORDER_STATUSES.filter((s) => s !== 'draft');
  /** Puts order 1 into `status` through real transitions. */
  async function orderIn(status: (typeof reachable)[number]) {
    await placed(1);
    const path: Record<typeof status, [StatusAction, typeof lab, object?][]> = {
      submitted: [],
      'on-hold': [['hold', lab, { note: 'Need topography' }]],
      approved: [['approve', lab]],
      closed: [
        ['approve', lab],
        ['close', lab, { invoiceNumber: 'INV-9' }],
      ],
      rejected: [['reject', lab, { note: 'Out of stock' }]],
      cancelled: [['cancel', practice]],
    };
    for (const [action, who, extra] of path[status]) await act(action, who, id(1), extra);
  }
  const actions = ORDER_ACTIONS.filter((a): a is StatusAction => a !== 'submit');
  const cases = reachable.flatMap((from) =>
    actions.map((action) => ({ from, action, allowed: ORDER_TRANSITIONS[action].from.includes(from) })),
  );
  const callerFor = (action: StatusAction) => (ORDER_TRANSITIONS[action].by === 'lab' ? lab : practice);

  it.each(cases)('$action from $from (allowed: $allowed)', async ({ from, action, allowed }) => {
    await orderIn(from);
    const before = await deps.orders.get(id(1));
    const run = act(action, callerFor(action), id(1), { note: 'n', invoiceNumber: 'INV-1' });
    if (allowed) {
      const after = await run;
      expect(after.status).toBe(ORDER_TRANSITIONS[action].to);
      expect(after.history.at(-1)).toMatchObject({ action, from, to: after.status });
      expect(deps.orders.counterValues.get(`status#${from}`)).toBe(0);
      expect(deps.orders.counterValues.get(`status#${after.status}`)).toBe(1);
    } else {
      await expect(run).rejects.toMatchObject({
        status: 'aborted',
        message: expect.stringMatching(/^An order that is .+ cannot be .+\.$/),
      });
      expect(await deps.orders.get(id(1))).toEqual(before);
    }
  });

  it('says which transition it refused: "An order that is approved cannot be canceled."', async () => {
    await orderIn('approved');
    await expect(act('cancel', practice, id(1))).rejects.toThrow('An order that is approved cannot be canceled.');
  });

  it('a change naming an old version is refused with the reload message; the first change is kept', async () => {
    await placed(1);
    const read = (await deps.orders.get(id(1)))!.version;
    await changeOrderStatus('approve', lab, { orderId: id(1), version: read }, deps);
    await expect(
      changeOrderStatus('hold', lab, { orderId: id(1), version: read, note: 'wait' }, deps),
    ).rejects.toMatchObject({ status: 'aborted', message: CHANGED_MESSAGES.order });
    expect((await deps.orders.get(id(1)))!.status).toBe('approved');
  });

  it('of two decisions taken at once on one version, only the stored one stores its email', async () => {
    await placed(1);
    const read = (await deps.orders.get(id(1)))!.version;
    const [approve, reject] = await Promise.allSettled([
      changeOrderStatus('approve', lab, { orderId: id(1), version: read }, deps),
      changeOrderStatus('reject', lab, { orderId: id(1), version: read, note: 'Out of range' }, deps),
    ]);
    expect([approve.status, reject.status].sort()).toEqual(['fulfilled', 'rejected']);
    const stored = (await deps.orders.get(id(1)))!.status;
    expect(orderEmails().map((n) => [n.kind, n.order.status])).toEqual([
      ['order-submitted', 'submitted'],
      [stored === 'approved' ? 'order-approved' : 'order-rejected', stored],
    ]);
  });

  it('a change retried after contention stores its email once', async () => {
    await placed(1);
    deps.orders.pendingRefusals.push(orderRefusals.refuse('contention'), orderRefusals.refuse('contention'));
    await act('hold', lab, id(1), { note: 'Send topography' });
    expect(orderEmails().map((n) => n.kind)).toEqual(['order-submitted', 'order-on-hold']);
    expect(orderEmails().at(-1)!.order.holdMessage).toBe('Send topography');
  });

  it('stores the hold message, the reject reason, the invoice number and who acted', async () => {
    await placed(1);
    expect((await act('hold', lab, id(1), { note: 'Send topography' })).holdMessage).toBe('Send topography');
    const resubmitted = await act('resubmit', practice, id(1), { note: 'Attached' });
    expect(resubmitted.holdMessage).toBeUndefined();
    expect(resubmitted.history.at(-1)).toMatchObject({ note: 'Attached', by: { name: 'Ann Test', actor: 'practice' } });
    await act('approve', lab, id(1));
    const closed = await act('close', lab, id(1), { invoiceNumber: 'INV-42' });
    expect(closed.invoiceNumber).toBe('INV-42');
    expect(closed.history.map((h) => h.to)).toEqual(['submitted', 'on-hold', 'submitted', 'approved', 'closed']);
  });

  it('emails the practice for each lab decision and for a cancel', async () => {
    await placed(1);
    await act('approve', lab, id(1));
    await act('close', lab, id(1), { invoiceNumber: 'INV-1' });
    await placed(2);
    await act('cancel', practice, id(2));
    expect(orderEmails().map((n) => [n.kind, n.order.orderId, n.practiceUserId])).toEqual([
      ['order-submitted', id(1), 'u-ann'],
      ['order-approved', id(1), 'u-ann'],
      ['order-closed', id(1), 'u-ann'],
      ['order-submitted', id(2), 'u-ann'],
      ['order-cancelled', id(2), 'u-ann'],
    ]);
    expect(orderEmails().at(2)!.order).toMatchObject({ status: 'closed', invoiceNumber: 'INV-1' });
  });

  it("a close stores the issued invoice's notices in the order's own write, with its email; a refused close stores none", async () => {
    await placed(1);
    await act('approve', lab, id(1));
    const read = (await deps.orders.get(id(1)))!.version;
    const invoice = sampleInvoice({ invoiceNumber: 'INV-5', accountNumber: A, orderIds: [id(1)] });
    const email = { kind: 'invoice-issued', invoice, to: ['ann@a.test'] } satisfies MoneyEmail;
    const invoiceEmail = outboxMessage(deps, 'money', email);
    const issued = (expectedVersion: number | null) => async () => ({
      invoice,
      expectedVersion,
      notices: [invoiceEmail],
    });
    const close = (expectedVersion: number | null) =>
      changeOrderStatus(
        'close',
        lab,
        { orderId: id(1), version: read, invoiceNumber: 'INV-5' },
        deps,
        issued(expectedVersion),
      );

    // The invoice changed since it was read: the close is refused, and neither email is stored.
    deps.orders.invoices.set('INV-5', sampleInvoice({ invoiceNumber: 'INV-5', accountNumber: A, version: 2 }));
    await expect(close(1)).rejects.toMatchObject({ status: 'aborted' });
    expect(deps.orders.outbox.messages().map((m) => m.topic)).toEqual(['order', 'webhook', 'order', 'webhook']);

    deps.orders.invoices.delete('INV-5');
    await close(null);
    expect(deps.orders.writes.at(-1)!.notices!.map((m) => [m.topic, m.notice['kind']])).toEqual([
      ['order', 'order-closed'],
      ['money', 'invoice-issued'],
      ['webhook', undefined],
    ]);
    expect(deps.orders.outbox.messages('webhook').at(-1)!.notice['type']).toBe('order.shipped');
    expect(deps.orders.outbox.messages('money')).toEqual([invoiceEmail]);
  });

  it('a resubmit (the answer to a hold) asks for the order-resubmitted email, with the answer in the history', async () => {
    await placed(1);
    await act('hold', lab, id(1), { note: 'Send topography' });
    await act('resubmit', practice, id(1), { note: 'Attached the OS map' });
    const last = orderEmails().at(-1)!;
    expect(last.kind).toBe('order-resubmitted');
    expect(last.order.history.at(-1)).toMatchObject({ action: 'resubmit', note: 'Attached the OS map' });
  });

  it("a practice cannot cancel another practice's order (not-found)", async () => {
    await placed(1);
    await expect(act('cancel', outsider, id(1))).rejects.toMatchObject({ status: 'not-found' });
  });

  it("a colleague on the same account may cancel (the order is the practice's)", async () => {
    await placed(1);
    expect((await act('cancel', colleague, id(1))).status).toBe('cancelled');
  });

  it('a resubmit with corrections re-checks the parameters', async () => {
    await placed(1);
    await act('hold', lab, id(1), { note: 'Sphere?' });
    const bad = submitOrderInputSchema.parse({
      orderId: id(1),
      accountNumber: A,
      order: fields({
        lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: 99, diameter: 16 }, quantity: 1 }],
      }),
    }).order;
    await expect(act('resubmit', practice, id(1), { note: 'fixed', order: bad })).rejects.toMatchObject({
      status: 'invalid-argument',
    });
    expect((await deps.orders.get(id(1)))!.status).toBe('on-hold');
  });
});

describe('reads', () => {
  it('prices are stripped for a practice whose account may not see them; the lab sees them', async () => {
    await placed(1, outsider, B);
    expect((await getOrder(outsider, { orderId: id(1) }, deps)).totalCents).toBeUndefined();
    expect((await getOrder(lab, { orderId: id(1) }, deps)).totalCents).toBe(80000);
    await placed(2);
    expect((await getOrder(practice, { orderId: id(2) }, deps)).totalCents).toBe(80000);
  });

  it("a customer cannot read or list another practice's orders (not-found)", async () => {
    await placed(1, outsider, B);
    await expect(getOrder(practice, { orderId: id(1) }, deps)).rejects.toMatchObject({ status: 'not-found' });
    await expect(listAccountOrders(practice, { accountNumber: B, limit: 25 }, deps)).rejects.toMatchObject({
      status: 'not-found',
    });
  });

  it("the account list is newest first, without other users' drafts, and searches patient and PO", async () => {
    await placed(1);
    clock = new Date(clock.getTime() + 1000);
    await submitOrder(practice, submitInput(id(2), A, fields({ patient: 'Zed Smith', poNumber: 'PO-99' })), deps);
    await saveOrderDraft(colleague, { orderId: id(3), accountNumber: A, draft: { lines: [], attachments: [] } }, deps);
    const all = await listAccountOrders(practice, { accountNumber: A, limit: 25 }, deps);
    expect(all.items.map((o) => o.orderId)).toEqual([id(2), id(1)]);
    const found = await listAccountOrders(practice, { accountNumber: A, search: 'zed', limit: 25 }, deps);
    expect(found.items.map((o) => o.patient)).toEqual(['Zed Smith']);
    const drafts = await listAccountOrders(practice, { accountNumber: A, status: 'draft', limit: 25 }, deps);
    expect(drafts.items).toEqual([]);
  });

  it('the approval queue is oldest first and refuses a start date after the end date', async () => {
    await placed(1);
    clock = new Date(clock.getTime() + 1000);
    await placed(2);
    const queue = await listOrders({ status: 'submitted', limit: 25 }, deps);
    expect(queue.items.map((o) => o.orderId)).toEqual([id(1), id(2)]);
    await expect(
      listOrders({ status: 'submitted', limit: 25, from: '2025-03-06', to: '2025-03-01' }, deps),
    ).rejects.toMatchObject({ status: 'invalid-argument' });
  });

  it('getCustomerInfo answers the account orders page (spec 7, 9) and the total from the counter', async () => {
    await placed(1);
    clock = new Date(clock.getTime() + 1000);
    await placed(2);
    const info = await getCustomerInfo(practice, { page: 1, records: 1 }, deps as never);
    expect(info.orders.map((o) => (o as { orderId: string }).orderId)).toEqual([id(2)]);
    expect(info.total).toBe(2);
    const second = await getCustomerInfo(practice, { page: 2, records: 1 }, deps as never);
    expect(second.orders.map((o) => (o as { orderId: string }).orderId)).toEqual([id(1)]);
    const beyond = await getCustomerInfo(practice, { page: 3, records: 1 }, deps as never);
    expect(beyond.orders).toEqual([]);
  });

  it('the dashboard counts by status, shows the oldest waiting order and 12 weeks, oldest first', async () => {
    await placed(1);
    clock = new Date(clock.getTime() + 1000);
    await placed(2);
    await act('approve', lab, id(2));
    const recent = clock.getTime() - 60_000;
    const activeUsers = new FixedActiveUsers([
      {
        userId: 'u-ann',
        userEmail: 'ann@a.test',
        userRole: 'customer',
        lastActivity: recent,
        status: 'active',
      } as never,
    ]);
    const dashboard = await getAdminDashboard({ ...deps, activeUsers });
    expect(dashboard.countsByStatus).toMatchObject({ submitted: 1, approved: 1, closed: 0 });
    expect(dashboard.oldestWaiting?.orderId).toBe(id(1));
    expect(dashboard.ordersPerWeek).toHaveLength(12);
    expect(dashboard.ordersPerWeek.at(-1)).toEqual({ weekStart: '2025-03-03', count: 2 });
    expect(dashboard.activeUsers.map((u) => u.userId)).toEqual(['u-ann']);
    expect(activeUsers.calls).toEqual([clock.getTime() - 5 * 60_000]);
  });

  it('"users active now" leaves out sessions that ended (inactive) and shows idle users as idle', async () => {
    const now = clock.getTime();
    const record = (userId: string, status: string, secondsAgo: number) =>
      ({
        userId,
        userEmail: `${userId}@a.test`,
        userRole: 'customer',
        status,
        lastActivity: now - secondsAgo * 1000,
      }) as never;
    const activeUsers = new FixedActiveUsers([
      record('u-busy', 'active', 10),
      record('u-signed-out', 'inactive', 20),
      record('u-idle', 'idle', 90),
      // Its last write said active, but nothing happened for over a sync period since.
      record('u-quiet', 'active', 120),
    ]);
    const dashboard = await getAdminDashboard({ ...deps, activeUsers });
    expect(dashboard.activeUsers.map((u) => [u.userId, u.status])).toEqual([
      ['u-busy', 'active'],
      ['u-idle', 'idle'],
      ['u-quiet', 'idle'],
    ]);
  });

  it('weeks start on Monday (UTC), oldest first', () => {
    expect(lastWeekStarts(new Date('2025-03-09T23:00:00Z'), 3)).toEqual(['2025-02-17', '2025-02-24', '2025-03-03']);
  });

  it('order numbers are LL- and six digits', () => {
    expect(formatOrderNumber(42)).toBe('LL-000042');
  });
});
