import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import type { Invoice } from '../../../core/schemas/invoices';
import type { Order } from '../../../core/schemas/orders';
import { outboxMessage } from '../../../lambdas/kernel/outbox';
import type { ConsultStore } from '../../../lambdas/ports/consult-store';
import type { MoneyStore } from '../../../lambdas/ports/money-store';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import {
  orderRefusals,
  type OrderWriteRefused,
  type OrdersRepository,
  type OrderWriteRefusal,
} from '../../../lambdas/ports/orders-repository';
import { consultFields } from './consult-store';
import { contractInvoice } from './money-store';
import { allPages, refusalOf } from './contract-helpers';

const accountNumber = () => `CO-${randomUUID().slice(0, 8)}`.toUpperCase();

/**
 * An order as the use cases store it, with an id and account unique to the run (the table is shared). A placed
 * one (any status but draft) was placed when it was created unless `submittedAt` says otherwise.
 */
export function contractOrder(overrides: Partial<Order> = {}): Order {
  const at = overrides.createdAt ?? '2024-01-01T10:00:00.000Z';
  const placed = overrides.status !== undefined && overrides.status !== 'draft';
  return {
    orderId: randomUUID(),
    orderNumber: null,
    accountNumber: accountNumber(),
    status: 'draft',
    patient: 'PT-Contract',
    lines: [],
    attachments: [],
    history: [],
    createdBy: { userId: 'u-ann', name: 'Ann Test' },
    createdAt: at,
    statusAt: at,
    updatedAt: at,
    version: 0,
    ...(placed ? { submittedAt: at } : {}),
    ...overrides,
  };
}

async function writeRefusal(promise: Promise<unknown>): Promise<OrderWriteRefusal> {
  const refused = await refusalOf(promise);
  expect(orderRefusals.is(refused)).toBe(true);
  return (refused as OrderWriteRefused).reason;
}

async function expectInvalidCursor(promise: Promise<unknown>) {
  const refused = await refusalOf(promise);
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).status).toBe('invalid-argument');
}

/**
 * Every page of a list, following the cursors. A filtered Query may answer a short (even empty) page with a
 * cursor when it stops reading early, so only the whole walk is compared.
 */

const day = (n: number, year = 2024) => `${year}-01-${String(n).padStart(2, '0')}T10:00:00.000Z`;

/** A ship-guarantee grant of `amountCents` to the account, leaving `balanceAfterCents`. */
function contractCreditEntry(accountNumber: string, amountCents: number, balanceAfterCents: number) {
  return {
    accountNumber,
    entryId: `contract-${randomUUID()}`,
    at: '2024-01-01T10:00:00.000Z',
    kind: 'grant' as const,
    reason: 'ship-guarantee' as const,
    amountCents,
    balanceAfterCents,
    by: { userId: 'u-lab', name: 'Lara Lab' },
  };
}

export interface OrdersContractPorts {
  orders: OrdersRepository;
  /** Where the consults an "Order this" write marks ordered live. */
  consults: ConsultStore;
  /** Where the invoice and the credit a close writes with the order can be read back. */
  money: Pick<MoneyStore, 'getInvoice' | 'getCreditBalance' | 'getCreditEntry'>;
  /** Where the notices a write carries are stored. */
  outbox: Pick<NoticeOutbox, 'get'>;
}

/**
 * An order notice the local stack's consumer may deliver while the test runs without sending anything: a
 * practice-only kind for an orderer who does not exist.
 */
const contractNotice = (order: Order) =>
  outboxMessage({ now: () => new Date(order.updatedAt) }, 'order', {
    kind: 'order-approved',
    order,
    practiceUserId: `u-contract-${randomUUID()}`,
  });

/**
 * The OrdersRepository rules the in-memory fake (tests/support/order-fakes.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * The table, the counters and the sequence are shared, so accounts, counter names and time windows are unique
 * to each test and the sequence is read before it is claimed.
 */
export function ordersRepositoryContract(label: string, make: () => OrdersContractPorts) {
  describe(`${label}: the orders repository contract`, () => {
    it('a write with no expected version creates the order and get answers it; an unknown id reads as null', async () => {
      const { orders } = make();
      const order = contractOrder({ poNumber: 'PO-1', notes: 'rush' });
      await orders.write({ order, expectedVersion: null });
      expect(await orders.get(order.orderId)).toEqual(order);
      expect(await orders.get(randomUUID())).toBeNull();
    });

    it("a write refuses ('order') an order that exists, or a version other than the stored one, and keeps the stored order", async () => {
      const { orders } = make();
      const order = contractOrder();
      await orders.write({ order, expectedVersion: null });
      expect(await writeRefusal(orders.write({ order: { ...order, patient: 'Again' }, expectedVersion: null }))).toBe(
        'order',
      );
      const next = { ...order, patient: 'Renamed', version: 1 };
      expect(await writeRefusal(orders.write({ order: next, expectedVersion: 3 }))).toBe('order');
      expect(await orders.get(order.orderId)).toEqual(order);
      await orders.write({ order: next, expectedVersion: 0 });
      expect(await orders.get(order.orderId)).toEqual(next);
      expect(await writeRefusal(orders.write({ order: { ...next, version: 2 }, expectedVersion: 0 }))).toBe('order');
    });

    it("claiming the order-number sequence counts it up with the order; a stale claim is refused ('sequence') and writes nothing", async () => {
      const { orders } = make();
      const before = await orders.sequenceValue();
      const first = contractOrder({ status: 'submitted', orderNumber: 'LL-CONTRACT-1' });
      await orders.write({ order: first, expectedVersion: null, sequence: { expected: before } });
      expect(await orders.sequenceValue()).toBe(before + 1);
      const late = contractOrder({ status: 'submitted', orderNumber: 'LL-CONTRACT-2' });
      expect(
        await writeRefusal(orders.write({ order: late, expectedVersion: null, sequence: { expected: before } })),
      ).toBe('sequence');
      expect(await orders.get(late.orderId)).toBeNull();
      expect(await orders.sequenceValue()).toBe(before + 1);
    });

    it('the parcels a close ships are indexed with the order, so a tracking number finds its order and parcel', async () => {
      const { orders } = make();
      const key = { carrier: 'ups' as const, trackingNumber: `1ZCONTRACT${randomUUID().slice(0, 8).toUpperCase()}` };
      expect(await orders.findParcel(key)).toBeNull();
      const order = contractOrder({ status: 'closed' });
      await orders.write({ order, expectedVersion: null, parcels: [{ ...key, parcelId: '1' }] });
      expect(await orders.findParcel(key)).toEqual({ orderId: order.orderId, parcelId: '1' });
      expect(await orders.findParcel({ ...key, carrier: 'fedex' })).toBeNull();
      // The same order writing its number again (a retried close) is no conflict.
      const again = { ...order, version: 1 };
      await orders.write({ order: again, expectedVersion: 0, parcels: [{ ...key, parcelId: '1' }] });
      expect(await orders.get(order.orderId)).toEqual(again);
    });

    it("a parcel's tracker id is kept on its index entry, the first one stays, and the order is not written", async () => {
      const { orders } = make();
      const key = { carrier: 'ups' as const, trackingNumber: `1ZTRACKER${randomUUID().slice(0, 8).toUpperCase()}` };
      const order = contractOrder({ status: 'closed' });
      await orders.write({ order, expectedVersion: null, parcels: [{ ...key, parcelId: '1' }] });
      const owner = { orderId: order.orderId, parcelId: '1' };
      expect(await orders.keepParcelTracker(key, { ...owner, trackerId: 'trk_first' })).toBe(true);
      expect(await orders.keepParcelTracker(key, { ...owner, trackerId: 'trk_second' })).toBe(true);
      expect(await orders.findParcel(key)).toEqual({ ...owner, trackerId: 'trk_first' });
      expect(await orders.get(order.orderId)).toEqual(order);
      // Not this order's parcel, or no such number: nothing is kept.
      expect(await orders.keepParcelTracker(key, { orderId: 'other', parcelId: '1', trackerId: 'trk_x' })).toBe(false);
      const unknown = { carrier: 'ups' as const, trackingNumber: `1ZUNKNOWN${randomUUID().slice(0, 8).toUpperCase()}` };
      expect(await orders.keepParcelTracker(unknown, { ...owner, trackerId: 'trk_x' })).toBe(false);
      expect(await orders.findParcel(unknown)).toBeNull();
    });

    it("a tracking number another order holds refuses the whole write ('parcel'), and nothing of it is stored", async () => {
      const { orders } = make();
      const key = { carrier: 'usps' as const, trackingNumber: `9400CONTRACT${randomUUID().slice(0, 8).toUpperCase()}` };
      const first = contractOrder({ status: 'closed' });
      await orders.write({ order: first, expectedVersion: null, parcels: [{ ...key, parcelId: '1' }] });
      const second = contractOrder({ status: 'closed' });
      const counter = `contract#${randomUUID()}`;
      const fresh = { carrier: 'ups' as const, trackingNumber: `1ZFRESH${randomUUID().slice(0, 8).toUpperCase()}` };
      expect(
        await writeRefusal(
          orders.write({
            order: second,
            expectedVersion: null,
            counters: { [counter]: 1 },
            parcels: [
              { ...fresh, parcelId: '1' },
              { ...key, parcelId: '2' },
            ],
          }),
        ),
      ).toBe('parcel');
      expect(await orders.get(second.orderId)).toBeNull();
      expect(await orders.counters([counter])).toEqual({ [counter]: 0 });
      expect(await orders.findParcel(fresh)).toBeNull();
      expect(await orders.findParcel(key)).toEqual({ orderId: first.orderId, parcelId: '1' });
    });

    it('the credit a close grants is written with the order: the entry and the balance at the version read', async () => {
      const { orders, money } = make();
      const order = contractOrder({ status: 'closed' });
      const entry = contractCreditEntry(order.accountNumber, 2_500, 2_500);
      await orders.write({
        order,
        expectedVersion: null,
        credit: {
          accountNumber: order.accountNumber,
          entries: [entry],
          balance: { availableCents: 2_500, pendingCents: 0 },
          expectedVersion: null,
        },
      });
      expect(await money.getCreditBalance(order.accountNumber)).toMatchObject({
        availableCents: 2_500,
        version: 1,
        exists: true,
      });
      expect(await money.getCreditEntry(order.accountNumber, entry.entryId)).toEqual(entry);
    });

    it("a credit balance moved since it was read refuses the whole write ('credit'), and nothing of it is stored", async () => {
      const { orders, money } = make();
      const first = contractOrder({ status: 'closed' });
      const account = first.accountNumber;
      const grant = (order: Order, entry: ReturnType<typeof contractCreditEntry>, expectedVersion: number | null) =>
        orders.write({
          order,
          expectedVersion: null,
          credit: {
            accountNumber: account,
            entries: [entry],
            balance: { availableCents: entry.balanceAfterCents, pendingCents: 0 },
            expectedVersion,
          },
        });
      await grant(first, contractCreditEntry(account, 1_000, 1_000), null);
      const late = contractOrder({ status: 'closed', accountNumber: account });
      const stale = contractCreditEntry(account, 500, 500);
      expect(await writeRefusal(grant(late, stale, null))).toBe('credit');
      expect(await orders.get(late.orderId)).toBeNull();
      expect(await money.getCreditEntry(account, stale.entryId)).toBeNull();
      expect(await money.getCreditBalance(account)).toMatchObject({ availableCents: 1_000, version: 1 });
    });

    it('counters move by their deltas with the order, and counters reads missing ones as 0', async () => {
      const { orders } = make();
      const [a, b, never] = [`contract#${randomUUID()}`, `contract#${randomUUID()}`, `contract#${randomUUID()}`];
      await orders.write({ order: contractOrder(), expectedVersion: null, counters: { [a]: 1, [b]: 2 } });
      await orders.write({ order: contractOrder(), expectedVersion: null, counters: { [a]: 1, [b]: -1 } });
      expect(await orders.counters([a, b, never])).toEqual({ [a]: 2, [b]: 1, [never]: 0 });
      expect(await orders.counters([])).toEqual({});
    });

    it("a delta that would take a counter past its ceiling refuses the whole write ('limit'); up to the ceiling passes", async () => {
      const { orders } = make();
      const exchanges = `contract#${randomUUID()}`;
      const limited = (order: Order) => ({
        order,
        expectedVersion: null,
        counters: { [exchanges]: 1 },
        counterLimits: { [exchanges]: 2 },
      });
      await orders.write(limited(contractOrder()));
      await orders.write(limited(contractOrder()));
      const third = contractOrder();
      expect(await writeRefusal(orders.write(limited(third)))).toBe('limit');
      expect(await orders.get(third.orderId)).toBeNull();
      expect(await orders.counters([exchanges])).toEqual({ [exchanges]: 2 });
      // Giving an exchange back (a rejected remake) is never held to the ceiling.
      await orders.write({ ...limited(contractOrder()), counters: { [exchanges]: -1 } });
      expect(await orders.counters([exchanges])).toEqual({ [exchanges]: 1 });
    });

    it("the invoice a close issues is written with the order, and an invoice in another state refuses both ('invoice')", async () => {
      const { orders, money } = make();
      const order = contractOrder({ status: 'approved' });
      await orders.write({ order, expectedVersion: null });
      const invoice: Invoice = contractInvoice({ accountNumber: order.accountNumber, orderIds: [order.orderId] });
      const closed = { ...order, status: 'closed' as const, invoiceNumber: invoice.invoiceNumber, version: 1 };
      await orders.write({ order: closed, expectedVersion: 0, invoice: { invoice, expectedVersion: null } });
      expect(await orders.get(order.orderId)).toEqual(closed);
      expect(await money.getInvoice(invoice.invoiceNumber)).toEqual(invoice);

      const other = contractOrder({ accountNumber: order.accountNumber });
      expect(
        await writeRefusal(
          orders.write({ order: other, expectedVersion: null, invoice: { invoice, expectedVersion: null } }),
        ),
      ).toBe('invoice');
      expect(await orders.get(other.orderId)).toBeNull();
    });

    it('the notices a write carries are stored with it in the outbox; a refused write stores none', async () => {
      const { orders, outbox } = make();
      const order = contractOrder({ status: 'approved' });
      const notice = contractNotice(order);
      await orders.write({ order, expectedVersion: null, notices: [notice] });
      expect(await outbox.get(notice.messageId)).toMatchObject({
        messageId: notice.messageId,
        topic: 'order',
        notice: notice.notice,
        createdAt: notice.createdAt,
      });

      const stale = contractNotice(order);
      const next = { ...order, patient: 'Renamed', version: 1 };
      expect(await writeRefusal(orders.write({ order: next, expectedVersion: 3, notices: [stale] }))).toBe('order');
      // Refused by another item of the transaction (a sequence value long passed): its reason is still named.
      const passed = (await orders.sequenceValue()) - 1;
      const late = contractOrder({ status: 'submitted', orderNumber: 'LL-CONTRACT-4' });
      const lateNotice = contractNotice(late);
      expect(
        await writeRefusal(
          orders.write({ order: late, expectedVersion: null, sequence: { expected: passed }, notices: [lateNotice] }),
        ),
      ).toBe('sequence');
      for (const refused of [stale, lateNotice]) expect(await outbox.get(refused.messageId)).toBeNull();
      expect(await orders.get(order.orderId)).toEqual(order);
      expect(await orders.get(late.orderId)).toBeNull();
    });

    it("a notice whose id is stored already refuses the whole write ('order'): the change was made before", async () => {
      const { orders } = make();
      const first = contractOrder();
      const notice = contractNotice(first);
      await orders.write({ order: first, expectedVersion: null, notices: [notice] });
      const other = contractOrder();
      expect(await writeRefusal(orders.write({ order: other, expectedVersion: null, notices: [notice] }))).toBe(
        'order',
      );
      expect(await orders.get(other.orderId)).toBeNull();
    });

    it('"Order this" marks an answered consult of the account ordered with the order, and keeps when it was first ordered', async () => {
      const { orders, consults } = make();
      const account = accountNumber();
      const consult = await consults.create(consultFields({ accountNumber: account, status: 'answered' }));
      const place = (at: string) => {
        const order = contractOrder({ accountNumber: account, status: 'submitted', consultId: consult.consultId });
        return {
          order,
          at,
          consult: { consultId: consult.consultId, accountNumber: account, orderId: order.orderId, at },
        };
      };
      const first = place('2024-02-01T10:00:00.000Z');
      await orders.write({ order: first.order, expectedVersion: null, consult: first.consult });
      expect(await consults.get(consult.consultId)).toMatchObject({
        status: 'ordered',
        statusAt: first.at,
        updatedAt: first.at,
        orderIds: [first.order.orderId],
        version: consult.version + 1,
      });
      const second = place('2024-03-01T10:00:00.000Z');
      await orders.write({ order: second.order, expectedVersion: null, consult: second.consult });
      expect(await consults.get(consult.consultId)).toMatchObject({
        status: 'ordered',
        statusAt: first.at,
        updatedAt: second.at,
        orderIds: [first.order.orderId, second.order.orderId],
        version: consult.version + 2,
      });
    });

    it("an order from another account's consult, or one not answered, is refused ('consult') and neither is written", async () => {
      const { orders, consults } = make();
      const account = accountNumber();
      const answered = await consults.create(consultFields({ accountNumber: account, status: 'answered' }));
      const waiting = await consults.create(consultFields({ accountNumber: account, status: 'new' }));
      for (const [consult, claimedBy] of [
        [answered, accountNumber()],
        [waiting, account],
      ] as const) {
        const order = contractOrder({ accountNumber: claimedBy, status: 'submitted' });
        const link = { consultId: consult.consultId, accountNumber: claimedBy, orderId: order.orderId, at: day(5) };
        expect(await writeRefusal(orders.write({ order, expectedVersion: null, consult: link }))).toBe('consult');
        expect(await orders.get(order.orderId)).toBeNull();
        expect(await consults.get(consult.consultId)).toEqual(consult);
      }
    });

    it('removeDraft deletes a draft at its version only; a submitted order, a stale version or a missing one is false', async () => {
      const { orders } = make();
      const draft = contractOrder();
      const submitted = contractOrder({ status: 'submitted', orderNumber: 'LL-CONTRACT-3' });
      await orders.write({ order: draft, expectedVersion: null });
      await orders.write({ order: submitted, expectedVersion: null });
      expect(await orders.removeDraft(draft.orderId, 4)).toBe(false);
      expect(await orders.removeDraft(submitted.orderId, 0)).toBe(false);
      expect(await orders.get(submitted.orderId)).toEqual(submitted);
      expect(await orders.removeDraft(draft.orderId, 0)).toBe(true);
      expect(await orders.get(draft.orderId)).toBeNull();
      expect(await orders.removeDraft(draft.orderId, 0)).toBe(false);
    });

    it("a practice's list is newest first, pages with cursors, and leaves out drafts and other accounts' orders", async () => {
      const { orders } = make();
      const account = accountNumber();
      const days = [3, 1, 5, 2, 4];
      for (const n of days)
        await orders.write({
          order: contractOrder({ accountNumber: account, status: n === 2 ? 'closed' : 'submitted', createdAt: day(n) }),
          expectedVersion: null,
        });
      await orders.write({
        order: contractOrder({ accountNumber: account, createdAt: day(6) }),
        expectedVersion: null,
      });
      await orders.write({ order: contractOrder({ status: 'submitted', createdAt: day(7) }), expectedVersion: null });

      const first = await orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 2 });
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      const all = await allPages((cursor) =>
        orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 2, cursor }),
      );
      expect(all.map((o) => o.createdAt)).toEqual([5, 4, 3, 2, 1].map((n) => day(n)));
      const closed = await allPages((cursor) =>
        orders.listByAccount({ accountNumber: account, status: 'closed', draftsOf: 'u-ann', limit: 2, cursor }),
      );
      expect(closed.map((o) => o.createdAt)).toEqual([day(2)]);
    });

    it('placed orders list by when they were placed (order-number order), not by when their draft was started', async () => {
      const { orders } = make();
      const account = accountNumber();
      const startedFirst = contractOrder({ accountNumber: account, status: 'submitted', createdAt: day(1) });
      const placedFirst = contractOrder({ accountNumber: account, status: 'submitted', createdAt: day(2) });
      startedFirst.submittedAt = day(4);
      placedFirst.submittedAt = day(3);
      for (const order of [startedFirst, placedFirst]) await orders.write({ order, expectedVersion: null });
      const list = await allPages((cursor) =>
        orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 1, cursor }),
      );
      expect(list.map((o) => o.orderId)).toEqual([startedFirst.orderId, placedFirst.orderId]);
      const queue = await allPages((cursor) =>
        orders.listByStatus({ status: 'submitted', accountNumber: account, limit: 1, cursor }),
      );
      expect(queue.map((o) => o.orderId)).toEqual([placedFirst.orderId, startedFirst.orderId]);
    });

    it('a placed order without submittedAt, or a draft with one, is refused before anything is written', async () => {
      const { orders } = make();
      const placed = contractOrder({ status: 'submitted' });
      delete placed.submittedAt;
      await expect(orders.write({ order: placed, expectedVersion: null })).rejects.toThrow(/without submittedAt/);
      expect(await orders.get(placed.orderId)).toBeNull();
      const draft = contractOrder({ submittedAt: '2024-01-02T10:00:00.000Z' });
      await expect(orders.write({ order: draft, expectedVersion: null })).rejects.toThrow(/has a submittedAt/);
      expect(await orders.get(draft.orderId)).toBeNull();
    });

    it('drafts are listed only for the user who created them', async () => {
      const { orders } = make();
      const account = accountNumber();
      const mine = contractOrder({ accountNumber: account, createdAt: day(1) });
      const theirs = contractOrder({ accountNumber: account, createdBy: { userId: 'u-bob', name: 'Bob' } });
      for (const order of [mine, theirs, contractOrder({ accountNumber: account, status: 'submitted' })])
        await orders.write({ order, expectedVersion: null });
      const drafts = (userId: string) =>
        allPages((cursor) =>
          orders.listByAccount({ accountNumber: account, status: 'draft', draftsOf: userId, limit: 5, cursor }),
        );
      expect((await drafts('u-ann')).map((o) => o.orderId)).toEqual([mine.orderId]);
      expect((await drafts('u-bob')).map((o) => o.orderId)).toEqual([theirs.orderId]);
      expect(await drafts('u-nobody')).toEqual([]);
    });

    it('search matches order number, patient and PO number, folded for case and spaces', async () => {
      const { orders } = make();
      const account = accountNumber();
      const tag = `zq${randomUUID().slice(0, 6)}`;
      const byPatient = contractOrder({ accountNumber: account, status: 'submitted', patient: `Jo  ${tag}  Reyes` });
      const byPo = contractOrder({ accountNumber: account, status: 'submitted', poNumber: `PO-${tag}` });
      const byNumber = contractOrder({ accountNumber: account, status: 'submitted', orderNumber: `LL-${tag}` });
      const neither = contractOrder({ accountNumber: account, status: 'submitted' });
      for (const order of [byPatient, byPo, byNumber, neither]) await orders.write({ order, expectedVersion: null });
      const found = async (search: string) =>
        (
          await allPages((cursor) =>
            orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', search, limit: 10, cursor }),
          )
        )
          .map((o) => o.orderId)
          .sort();
      expect(await found(tag.toUpperCase())).toEqual([byPatient.orderId, byPo.orderId, byNumber.orderId].sort());
      expect(await found(` ${tag} reyes `)).toEqual([byPatient.orderId]);
      expect(await found(`po-${tag}`)).toEqual([byPo.orderId]);
    });

    it("a cursor from another practice's list, or not made by the list, is refused as invalid input", async () => {
      const { orders } = make();
      const account = accountNumber();
      for (const n of [1, 2, 3])
        await orders.write({
          order: contractOrder({ accountNumber: account, status: 'submitted', createdAt: day(n) }),
          expectedVersion: null,
        });
      const page = await orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 1 });
      const cursor = page.nextCursor!;
      await expectInvalidCursor(
        orders.listByAccount({ accountNumber: accountNumber(), draftsOf: 'u-ann', limit: 1, cursor }),
      );
      await expectInvalidCursor(
        orders.listByAccount({ accountNumber: account, draftsOf: 'u-ann', limit: 1, cursor: 'not-a-cursor' }),
      );
      // Shaped like the list's cursors but with empty keys, which DynamoDB would refuse with a 500.
      for (const sortKey of ['submittedAt', 'createdAt'])
        await expectInvalidCursor(
          orders.listByAccount({
            accountNumber: account,
            draftsOf: 'u-ann',
            limit: 1,
            cursor: Buffer.from(JSON.stringify({ orderId: '', accountNumber: account, [sortKey]: '' })).toString(
              'base64url',
            ),
          }),
        );
      await expectInvalidCursor(orders.listByStatus({ status: 'submitted', limit: 1, cursor }));
    });

    it('sorted by ship date, the queue is soonest ship-by day first and holds only orders with a promise', async () => {
      const { orders } = make();
      const year = 2002;
      const promise = (shipBy: string) => ({
        promise: {
          shipBy,
          arriveBy: shipBy,
          method: 'standard' as const,
          promisedAt: day(1, year),
          firstShipBy: shipBy,
        },
      });
      const made = [
        contractOrder({ status: 'approved', statusAt: day(3, year), ...promise('2102-01-20') }),
        contractOrder({ status: 'approved', statusAt: day(4, year), ...promise('2102-01-05') }),
        contractOrder({ status: 'approved', statusAt: day(5, year) }),
        contractOrder({ status: 'approved', statusAt: day(6, year), ...promise('2102-01-12') }),
        contractOrder({ status: 'on-hold', statusAt: day(6, year), ...promise('2102-01-01') }),
      ];
      for (const order of made) await orders.write({ order, expectedVersion: null });
      const ids = new Set(made.map((o) => o.orderId));
      const queue = await allPages((cursor) =>
        orders.listByStatus({
          status: 'approved',
          sort: 'shipBy',
          from: day(3, year),
          to: day(6, year),
          limit: 2,
          cursor,
        }),
      );
      expect(queue.filter((o) => ids.has(o.orderId)).map((o) => o.orderId)).toEqual(
        [made[1]!, made[3]!, made[0]!].map((o) => o.orderId),
      );
      // A delay moves the order in the list: the sort key is written with every order item.
      await orders.write({ order: { ...made[0]!, ...promise('2102-01-02'), version: 1 }, expectedVersion: 0 });
      const moved = await allPages((cursor) =>
        orders.listByStatus({
          status: 'approved',
          sort: 'shipBy',
          from: day(3, year),
          to: day(6, year),
          limit: 50,
          cursor,
        }),
      );
      expect(moved.filter((o) => ids.has(o.orderId)).map((o) => o.orderId)[0]).toBe(made[0]!.orderId);
    });

    it('the queue is one status, oldest first by when the order entered it, between from and to inclusive', async () => {
      const { orders } = make();
      const year = 2001;
      const made = [
        contractOrder({ status: 'submitted', createdAt: day(1, year), statusAt: day(4, year) }),
        contractOrder({ status: 'submitted', createdAt: day(2, year), statusAt: day(3, year) }),
        contractOrder({ status: 'submitted', createdAt: day(3, year), statusAt: day(6, year) }),
        contractOrder({ status: 'submitted', createdAt: day(4, year), statusAt: day(9, year) }),
        contractOrder({ status: 'on-hold', createdAt: day(5, year), statusAt: day(5, year) }),
      ];
      for (const order of made) await orders.write({ order, expectedVersion: null });
      const ids = new Set(made.map((o) => o.orderId));
      const queue = await allPages((cursor) =>
        orders.listByStatus({ status: 'submitted', from: day(3, year), to: day(6, year), limit: 2, cursor }),
      );
      expect(queue.filter((o) => ids.has(o.orderId)).map((o) => o.orderId)).toEqual(
        [made[1]!, made[0]!, made[2]!].map((o) => o.orderId),
      );
      const held = await allPages((cursor) =>
        orders.listByStatus({ status: 'on-hold', from: day(1, year), limit: 50, cursor }),
      );
      expect(held.filter((o) => ids.has(o.orderId)).map((o) => o.orderId)).toEqual([made[4]!.orderId]);
    });

    it("narrowed to one practice, the queue holds that practice's orders of the status only, oldest first by when placed", async () => {
      const { orders } = make();
      const account = accountNumber();
      const tag = `zq${randomUUID().slice(0, 6)}`;
      const made = [
        contractOrder({ accountNumber: account, status: 'submitted', createdAt: day(1), statusAt: day(9) }),
        contractOrder({ accountNumber: account, status: 'submitted', createdAt: day(2), statusAt: day(3) }),
        contractOrder({
          accountNumber: account,
          status: 'submitted',
          createdAt: day(3),
          statusAt: day(4),
          patient: tag,
        }),
        contractOrder({ accountNumber: account, status: 'on-hold', createdAt: day(4), statusAt: day(5) }),
        contractOrder({ status: 'submitted', createdAt: day(5), statusAt: day(5) }),
      ];
      for (const order of made) await orders.write({ order, expectedVersion: null });
      const queue = (query: { from?: string; search?: string }) =>
        allPages((cursor) =>
          orders.listByStatus({ status: 'submitted', accountNumber: account, limit: 1, cursor, ...query }),
        );
      expect((await queue({})).map((o) => o.orderId)).toEqual([made[0]!, made[1]!, made[2]!].map((o) => o.orderId));
      expect((await queue({ from: day(4) })).map((o) => o.orderId)).toEqual([made[0]!, made[2]!].map((o) => o.orderId));
      expect((await queue({ search: tag.toUpperCase() })).map((o) => o.orderId)).toEqual([made[2]!.orderId]);
    });

    it("a queue cursor from another status or another practice's queue is refused as invalid input", async () => {
      const { orders } = make();
      const account = accountNumber();
      const year = 2002;
      for (const n of [1, 2, 3])
        await orders.write({
          order: contractOrder({ accountNumber: account, status: 'submitted', statusAt: day(n, year) }),
          expectedVersion: null,
        });
      const window = { from: day(1, year), to: day(3, year) };
      const queue = await orders.listByStatus({ status: 'submitted', ...window, limit: 1 });
      await expectInvalidCursor(orders.listByStatus({ status: 'approved', limit: 1, cursor: queue.nextCursor! }));
      const mine = await orders.listByStatus({ status: 'submitted', accountNumber: account, limit: 1 });
      await expectInvalidCursor(
        orders.listByStatus({
          status: 'submitted',
          accountNumber: accountNumber(),
          limit: 1,
          cursor: mine.nextCursor!,
        }),
      );
    });
  });
}
