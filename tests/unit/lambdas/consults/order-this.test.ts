import { describe, expect, it } from 'vitest';
import { orderSchema, saveOrderDraftInputSchema, submitOrderInputSchema } from '../../../../core/schemas/orders';
import { saveOrderDraft } from '../../../../lambdas/use-cases/orders/save-order-draft';
import { CONSULT_NOT_ORDERABLE, submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import { A, AMPLEYE_VALUES, B, consultFixtureEachTest, practice, storedConsult, uuid } from './consult-fixture';
import { quietOrderPorts } from '../../../support/order-fakes';

const f = consultFixtureEachTest();

const orderFields = (consultId?: string) => ({
  patient: 'PT-7',
  lines: [{ eye: 'OD', lensId: 'ampleye', parameters: { ...AMPLEYE_VALUES, sagittalDepth: 4150 }, quantity: 1 }],
  shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
  ...(consultId ? { consultId } : {}),
});
/** The orders side of the fixture: the orders fake shares the consult store's rows. */
const orderDeps = () => {
  const { orders, users, customers, lenses, now } = f.deps;
  return { ...quietOrderPorts(), orders, users, customers, lenses, now, sleep: async () => {} };
};
const place = (orderId: string, consultId?: string, accountNumber = A) =>
  submitOrder(
    practice,
    submitOrderInputSchema.parse({ orderId, accountNumber, order: orderFields(consultId) }),
    orderDeps(),
  );

const answered = () => storedConsult(f, { status: 'answered', statusAt: '2026-03-02T16:00:00.000Z' });

describe('"Order this": the order and its consult move together', () => {
  it('placing an order from an answered consult marks it ordered in the same write, and the order names it', async () => {
    const consult = await answered();
    f.clock.now = new Date('2026-03-04T10:00:00.000Z');
    const order = await place(uuid(1), consult.consultId);
    expect(order.consultId).toBe(consult.consultId);
    expect(orderSchema.parse(order).consultId).toBe(consult.consultId);
    expect(await f.deps.consults.get(consult.consultId)).toMatchObject({
      status: 'ordered',
      statusAt: '2026-03-04T10:00:00.000Z',
      orderIds: [uuid(1)],
      updatedAt: '2026-03-04T10:00:00.000Z',
      version: consult.version + 1,
    });
    expect(f.deps.orders.writes.at(-1)!.consult).toEqual({
      consultId: consult.consultId,
      accountNumber: A,
      orderId: uuid(1),
      at: '2026-03-04T10:00:00.000Z',
    });
  });

  it('an ordered consult may be ordered again (a second pair): the order is added, statusAt stays at the first', async () => {
    const consult = await answered();
    f.clock.now = new Date('2026-03-04T10:00:00.000Z');
    await place(uuid(1), consult.consultId);
    f.clock.now = new Date('2026-03-20T10:00:00.000Z');
    await place(uuid(2), consult.consultId);
    expect(await f.deps.consults.get(consult.consultId)).toMatchObject({
      status: 'ordered',
      statusAt: '2026-03-04T10:00:00.000Z',
      orderIds: [uuid(1), uuid(2)],
    });
  });

  it("a consult not answered yet, another practice's, or unknown: 400 on consultId, and no order is placed", async () => {
    const waiting = await storedConsult(f);
    const theirs = await storedConsult(f, { accountNumber: B, status: 'answered' });
    for (const [n, consultId] of [
      [1, waiting.consultId],
      [2, theirs.consultId],
      [3, uuid(999)],
    ] as const) {
      const error = await place(uuid(n), consultId).catch((e: unknown) => e);
      expect(error).toMatchObject({
        status: 'invalid-argument',
        message: CONSULT_NOT_ORDERABLE,
        details: { fieldErrors: { consultId: [CONSULT_NOT_ORDERABLE] } },
      });
      expect(await f.deps.orders.get(uuid(n))).toBeNull();
    }
    expect(f.deps.orders.writes).toEqual([]);
    expect((await f.deps.consults.get(waiting.consultId))!.status).toBe('new');
    expect((await f.deps.consults.get(theirs.consultId))!.orderIds).toEqual([]);
  });

  it('an order without a consult id leaves consults alone', async () => {
    const consult = await answered();
    const order = await place(uuid(1));
    expect(order).not.toHaveProperty('consultId');
    expect(f.deps.orders.writes.at(-1)).not.toHaveProperty('consult');
    expect((await f.deps.consults.get(consult.consultId))!.status).toBe('answered');
  });

  it('a draft keeps the consult id it was opened with', async () => {
    const consult = await answered();
    await saveOrderDraft(
      practice,
      saveOrderDraftInputSchema.parse({
        orderId: uuid(1),
        accountNumber: A,
        draft: { patient: 'PT-7', consultId: consult.consultId },
      }),
      orderDeps(),
    );
    expect((await f.deps.orders.get(uuid(1)))!.draft?.consultId).toBe(consult.consultId);
    const order = await place(uuid(1), consult.consultId);
    expect(order.consultId).toBe(consult.consultId);
    expect((await f.deps.consults.get(consult.consultId))!.orderIds).toEqual([uuid(1)]);
  });

  it('the consult id must be a well-formed id', () => {
    expect(
      submitOrderInputSchema.safeParse({ orderId: uuid(1), accountNumber: A, order: orderFields('x') }).success,
    ).toBe(false);
  });
});
