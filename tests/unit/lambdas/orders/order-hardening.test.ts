import { beforeEach, describe, expect, it } from 'vitest';
import { orderSchema, submitOrderInputSchema, type OrderFields } from '../../../../core/schemas/orders';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { discardOrderDraft } from '../../../../lambdas/use-cases/orders/discard-order-draft';
import { getOrder } from '../../../../lambdas/use-cases/orders/get-order';
import { LAB_ACTOR } from '../../../../lambdas/use-cases/orders/order-view';
import type { OrderDeps } from '../../../../lambdas/use-cases/orders/order-deps';
import {
  MAX_OPEN_DRAFTS,
  saveOrderDraft,
  TOO_MANY_DRAFTS,
} from '../../../../lambdas/use-cases/orders/save-order-draft';
import { submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import {
  colleagueBob as colleague,
  identity,
  numberedUuid as id,
  practiceAnn as practice,
} from '../../../support/identities';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { InMemoryOrders, orderPorts, testDesign, quietOrderPorts } from '../../../support/order-fakes';
import { testCustomers, testUsers } from '../../../support/test-directory';

/** Open drafts per user are capped; practices see the lab's timeline as "Lenslab". */

const A = 'ACC-A';
const A2 = 'ACC-A2';
const lab = identity(['admin'], { userId: 'u-lab-7f3a', email: 'lara.admin@lab.test' });
const emptyDraft = { lines: [], attachments: [] };

let deps: OrderDeps & ReturnType<typeof quietOrderPorts> & { orders: InMemoryOrders };

beforeEach(() => {
  const users = testUsers([
    { userId: 'u-ann', email: 'ann@a.test', accountNumber: A, accountNumbers: [A2], firstName: 'Ann' },
    { userId: 'u-bob', email: 'bob@a.test', accountNumber: A, firstName: 'Bob' },
    { userId: 'u-lab-7f3a', email: 'lara.admin@lab.test', accountNumber: 'LAB', firstName: 'Lara' },
  ]);
  const customers = testCustomers([{ accountNumber: A, company: 'A' }]);
  const lenses = new InMemoryLensCatalogue();
  lenses.rows.set('scleral-test', testDesign());
  deps = orderPorts({ users, customers, lenses, now: () => new Date('2025-03-05T10:00:00.000Z') });
});

const newDraft = (n: number, caller = practice, accountNumber = A) =>
  saveOrderDraft(caller, { orderId: id(n), accountNumber, draft: emptyDraft }, deps);

describe(`open drafts per user are capped at ${MAX_OPEN_DRAFTS}`, () => {
  it(`the ${MAX_OPEN_DRAFTS + 1}st draft is refused with a clear message and not stored`, async () => {
    for (let n = 1; n <= MAX_OPEN_DRAFTS; n++) await newDraft(n);
    await expect(newDraft(MAX_OPEN_DRAFTS + 1)).rejects.toMatchObject({
      status: 'resource-exhausted',
      message: TOO_MANY_DRAFTS,
    });
    expect(await deps.orders.get(id(MAX_OPEN_DRAFTS + 1))).toBeNull();
  });

  it('at the cap, the open drafts can still be saved; discarding one makes room for a new one', async () => {
    for (let n = 1; n <= MAX_OPEN_DRAFTS; n++) await newDraft(n);
    const saved = await saveOrderDraft(
      practice,
      { orderId: id(1), accountNumber: A, version: 0, draft: { ...emptyDraft, patient: 'Jane Roe' } },
      deps,
    );
    expect(saved.version).toBe(1);
    await discardOrderDraft(practice, { orderId: id(2) }, deps);
    await expect(newDraft(MAX_OPEN_DRAFTS + 1)).resolves.toMatchObject({ version: 0 });
  });

  it("drafts on every linked account count; a colleague's drafts do not", async () => {
    for (let n = 1; n <= MAX_OPEN_DRAFTS - 1; n++) await newDraft(n, practice, n % 2 ? A : A2);
    for (let n = 100; n < 110; n++) await newDraft(n, colleague);
    await newDraft(MAX_OPEN_DRAFTS, practice, A2);
    await expect(newDraft(MAX_OPEN_DRAFTS + 1, practice, A)).rejects.toMatchObject({ status: 'resource-exhausted' });
    await expect(newDraft(200, colleague)).resolves.toBeDefined();
  });

  it('submitted orders are not drafts and do not count', async () => {
    for (let n = 1; n <= MAX_OPEN_DRAFTS; n++) await newDraft(n);
    await submitOrder(practice, submitInput(id(1)), deps);
    await expect(newDraft(MAX_OPEN_DRAFTS + 1)).resolves.toBeDefined();
  });
});

function submitInput(orderId: string) {
  const order: OrderFields = {
    patient: 'Jane Roe',
    lines: [{ eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
    shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
  };
  return submitOrderInputSchema.parse({ orderId, accountNumber: A, order });
}

async function placedAndHeld() {
  const placed = await submitOrder(practice, submitInput(id(1)), deps);
  return changeOrderStatus('hold', lab, { orderId: id(1), version: placed.version, note: 'Send topography' }, deps);
}

describe('order answers to a practice name the lab, not its staff', () => {
  it("a practice's getOrder shows the lab's entries as Lenslab, with no staff id, name or email", async () => {
    await placedAndHeld();
    const seen = await getOrder(practice, { orderId: id(1) }, deps);
    const labEntries = seen.history.filter((e) => e.by.actor === 'lab');
    expect(labEntries).toHaveLength(1);
    expect(labEntries[0]!.by).toEqual(LAB_ACTOR);
    expect(labEntries[0]!.note).toBe('Send topography');
    const text = JSON.stringify(orderSchema.parse(seen));
    expect(text).not.toContain('u-lab-7f3a');
    expect(text).not.toContain('Lara');
    expect(text).not.toContain('lab.test');
  });

  it("the practice's own entries keep the practice user's name", async () => {
    await placedAndHeld();
    const seen = await getOrder(practice, { orderId: id(1) }, deps);
    expect(seen.history.find((e) => e.by.actor === 'practice')!.by).toMatchObject({ userId: 'u-ann' });
  });

  it("the answer to a practice's own change (cancel) hides the staff too", async () => {
    const held = await placedAndHeld();
    const cancelled = await changeOrderStatus('cancel', practice, { orderId: id(1), version: held.version }, deps);
    expect(JSON.stringify(cancelled)).not.toContain('u-lab-7f3a');
    expect(cancelled.history.filter((e) => e.by.actor === 'lab').every((e) => e.by.name === 'Lenslab')).toBe(true);
  });

  it("the lab's view stays complete: who on the staff did what", async () => {
    const held = await placedAndHeld();
    expect(held.history.at(-1)!.by).toMatchObject({ userId: 'u-lab-7f3a', actor: 'lab' });
    const seen = await getOrder(lab, { orderId: id(1) }, deps);
    expect(seen.history.find((e) => e.by.actor === 'lab')!.by.userId).toBe('u-lab-7f3a');
  });
});
