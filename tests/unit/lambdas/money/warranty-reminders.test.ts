import { beforeEach, describe, expect, it } from 'vitest';
import type { WarrantyClaim } from '../../../../core/schemas/credit';
import type { Order } from '../../../../core/schemas/orders';
import type { StatusOrdersQuery } from '../../../../lambdas/ports/orders-repository';
import {
  reminderKey,
  REMINDER_LOOKBACK_DAYS,
  sendWarrantyReminders,
  type WarrantyRemindersDeps,
} from '../../../../lambdas/use-cases/credit/warranty-reminders';
import { numberedUuid as id } from '../../../support/identities';
import { InMemoryMoneyStore } from '../../../support/in-memory-money';
import { InMemoryOutbox } from '../../../support/in-memory-outbox';
import { memoryLogger } from '../../../support/in-memory-ports';
import { InMemoryOnceMarks, moneyEmails } from '../../../support/money-email-fakes';
import { InMemoryOrders, testDesign } from '../../../support/order-fakes';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2025-06-01T07:00:00.000Z');
const WARRANTY_DAYS = 90;

/** When to ship so that, at NOW, the window has `daysLeft` whole days left (plus an hour). */
const shippedFor = (daysLeft: number) =>
  new Date(NOW.getTime() - WARRANTY_DAYS * DAY + daysLeft * DAY + 60 * 60 * 1000).toISOString();

const lab = { userId: 'u-lab', name: 'Lara Lab', actor: 'lab' as const };

function closedOrder(n: number, daysLeft: number, extra: Partial<Order> = {}): Order {
  const shippedAt = shippedFor(daysLeft);
  const design = testDesign({ name: 'Test Scleral', warrantyDays: WARRANTY_DAYS });
  return {
    orderId: id(n),
    orderNumber: `LL-${String(n).padStart(6, '0')}`,
    accountNumber: 'BV-1001',
    status: 'closed',
    patient: `Patient ${n}`,
    lines: [{ eye: 'OD', lensId: design.lensId, parameters: { sphere: -2 }, quantity: 1, design }],
    attachments: [],
    history: [{ at: shippedAt, action: 'close', from: 'approved', to: 'closed', by: lab }],
    createdBy: { userId: 'u-ann', name: 'Ann' },
    createdAt: shippedAt,
    statusAt: shippedAt,
    updatedAt: shippedAt,
    version: 4,
    ...extra,
  };
}

function claim(order: Order, status: WarrantyClaim['status'], eye: 'OD' | 'OS' = 'OD'): WarrantyClaim {
  return {
    claimId: `claim-${order.orderId}-${eye}`,
    accountNumber: order.accountNumber,
    kind: 'cancellation',
    status,
    orderId: order.orderId,
    orderNumber: order.orderNumber!,
    patient: order.patient,
    eye,
    lensName: 'Test Scleral',
    creditCents: 40000,
    returnRequired: true,
    note: 'Could not adapt',
    submittedBy: { userId: 'u-ann', name: 'Ann' },
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    version: 1,
  };
}

let orders: InMemoryOrders;
let money: InMemoryMoneyStore;
let marks: InMemoryOnceMarks;
let outbox: InMemoryOutbox;
let lines: string[];
let deps: WarrantyRemindersDeps;

beforeEach(() => {
  orders = new InMemoryOrders();
  money = new InMemoryMoneyStore();
  outbox = new InMemoryOutbox();
  marks = new InMemoryOnceMarks(outbox);
  const logger = memoryLogger();
  lines = logger.lines;
  deps = { orders, claims: money, marks, log: logger.log, now: () => NOW };
});

const add = (...list: Order[]) => list.forEach((o) => orders.rows.set(o.orderId, o));
/** The emails stored with the marks (the outbox consumer sends them). */
const emails = () => moneyEmails(outbox, 'warranty-ending');
const mailedLenses = () => emails().flatMap((e) => e.lenses.map((l) => l.orderNumber));

describe('the daily warranty-ending job (14-day boundary, once per lens)', () => {
  it('a lens with 14 days left is announced; one with 15 days left is not', async () => {
    add(closedOrder(1, 14), closedOrder(2, 15));
    const report = await sendWarrantyReminders(deps);
    expect(mailedLenses()).toEqual(['LL-000001']);
    expect(report).toMatchObject({ orders: 2, due: 1, mailed: 1, accounts: 1 });
    const [email] = emails();
    // `to: []`: every user linked to the account, resolved by the notifier when it sends.
    expect(email).toMatchObject({ accountNumber: 'BV-1001', to: [] });
    expect(email!.lenses[0]).toMatchObject({
      orderId: id(1),
      eye: 'OD',
      lensName: 'Test Scleral',
      patient: 'Patient 1',
      daysLeft: 14,
      cancellationCreditCents: 40000,
    });
  });

  it('a re-run never mails a lens twice', async () => {
    add(closedOrder(1, 14));
    await sendWarrantyReminders(deps);
    const again = await sendWarrantyReminders(deps);
    expect(outbox.messages()).toHaveLength(1);
    expect(again).toMatchObject({ due: 1, mailed: 0, alreadySent: 1, accounts: 0 });
  });

  it('a lens announced at 14 days is not announced again as its days run down', async () => {
    add(closedOrder(1, 14));
    await sendWarrantyReminders(deps);
    deps.now = () => new Date(NOW.getTime() + 5 * DAY);
    await sendWarrantyReminders(deps);
    expect(outbox.messages()).toHaveLength(1);
  });

  it('the mark is keyed per order and eye and outlives the window (TTL after the window ends)', async () => {
    add(closedOrder(1, 14));
    await sendWarrantyReminders(deps);
    const expiresAt = marks.marks.get(reminderKey(id(1), 'OD'));
    expect(reminderKey(id(1), 'OD')).toBe(`warranty-reminder#${id(1)}#OD`);
    const windowEnds = Date.parse(emails()[0]!.lenses[0]!.windowEndsAt);
    expect(expiresAt!.getTime()).toBeGreaterThan(windowEnds);
  });

  it('the last day of the window is still announced (a missed day is caught up); an ended window is not', async () => {
    add(closedOrder(1, 0), closedOrder(2, 7), closedOrder(3, -1));
    await sendWarrantyReminders(deps);
    expect(mailedLenses().sort()).toEqual(['LL-000001', 'LL-000002']);
  });

  it('one email per account per run, listing every lens of that account; each eye is a lens', async () => {
    const design = testDesign({ warrantyDays: WARRANTY_DAYS });
    const twoEyes = closedOrder(1, 14);
    twoEyes.lines.push({ eye: 'OS', lensId: design.lensId, parameters: { sphere: -3 }, quantity: 1, design });
    add(twoEyes, closedOrder(2, 10), closedOrder(3, 12, { accountNumber: 'HV-2001' }));
    const report = await sendWarrantyReminders(deps);
    expect(
      emails()
        .map((e) => e.accountNumber)
        .sort(),
    ).toEqual(['BV-1001', 'HV-2001']);
    const brightview = emails().find((e) => e.accountNumber === 'BV-1001')!;
    expect(brightview.lenses.map((l) => `${l.orderNumber} ${l.eye}`).sort()).toEqual([
      'LL-000001 OD',
      'LL-000001 OS',
      'LL-000002 OD',
    ]);
    expect(report).toMatchObject({ mailed: 4, accounts: 2 });
  });

  it('a lens with a claim waiting or approved is left out; a denied claim does not stop the reminder', async () => {
    const waiting = closedOrder(1, 14);
    const approved = closedOrder(2, 14);
    const denied = closedOrder(3, 14);
    add(waiting, approved, denied);
    money.claims.set('c1', claim(waiting, 'submitted'));
    money.claims.set('c2', claim(approved, 'approved'));
    money.claims.set('c3', claim(denied, 'denied'));
    const report = await sendWarrantyReminders(deps);
    expect(mailedLenses()).toEqual(['LL-000003']);
    expect(report).toMatchObject({ claimed: 2, mailed: 1 });
  });

  it('a claim on the other eye does not rule this lens out', async () => {
    const order = closedOrder(1, 14);
    add(order);
    money.claims.set('c1', claim(order, 'submitted', 'OS'));
    await sendWarrantyReminders(deps);
    expect(mailedLenses()).toEqual(['LL-000001']);
  });

  it("a failed marking stores neither the account's marks nor its email; the next run mails its lenses", async () => {
    add(closedOrder(1, 14), closedOrder(2, 14), closedOrder(3, 14, { accountNumber: 'HV-2001' }));
    marks.failNext();
    const first = await sendWarrantyReminders(deps);
    expect(first).toMatchObject({ mailed: 1, failed: 2, accounts: 1 });
    expect(lines.join('\n')).toContain('warranty reminders: marking failed');
    expect(marks.marks.has(reminderKey(id(1), 'OD'))).toBe(false);
    expect(emails().map((e) => e.accountNumber)).toEqual(['HV-2001']);
    await sendWarrantyReminders(deps);
    expect(mailedLenses().sort()).toEqual(['LL-000001', 'LL-000002', 'LL-000003']);
  });

  it('a lens another run marked meanwhile is left out of the email; the rest are marked and mailed with it', async () => {
    add(closedOrder(1, 14), closedOrder(2, 14));
    // Marked by a run at the same moment: this run read it as due, the marking finds it taken.
    await marks.markOnce([{ key: reminderKey(id(1), 'OD'), expiresAt: NOW }], []);
    const report = await sendWarrantyReminders(deps);
    expect(report).toMatchObject({ due: 2, mailed: 1, alreadySent: 1, accounts: 1 });
    expect(mailedLenses()).toEqual(['LL-000002']);
    expect(outbox.messages()).toHaveLength(1);
  });

  it('an account with more lenses than one write holds gets its lenses over two emails, each lens once', async () => {
    add(...Array.from({ length: 100 }, (_, i) => closedOrder(i + 1, 14)));
    const report = await sendWarrantyReminders(deps);
    expect(emails().map((e) => e.lenses.length)).toEqual([99, 1]);
    expect(new Set(mailedLenses()).size).toBe(100);
    expect(report).toMatchObject({ mailed: 100, accounts: 1 });
  });

  it('unreadable claims skip only that account, unmarked, for the next run', async () => {
    add(closedOrder(1, 14), closedOrder(2, 14, { accountNumber: 'HV-2001' }));
    const read = money.listAccountClaims.bind(money);
    let failed = false;
    deps.claims = {
      listAccountClaims: async (accountNumber, limit) => {
        if (accountNumber === 'BV-1001' && !failed) {
          failed = true;
          throw new Error('DynamoDB unavailable');
        }
        return read(accountNumber, limit);
      },
    };
    const first = await sendWarrantyReminders(deps);
    expect(emails().map((e) => e.accountNumber)).toEqual(['HV-2001']);
    expect(first.failed).toBe(1);
    expect(marks.marks.has(reminderKey(id(1), 'OD'))).toBe(false);
    await sendWarrantyReminders(deps);
    expect(mailedLenses().sort()).toEqual(['LL-000001', 'LL-000002']);
  });

  it('reads closed orders of the last 730 days through the byStatus query, page by page', async () => {
    for (let n = 1; n <= 250; n++) add(closedOrder(n, n === 250 ? 14 : 60));
    const queries: StatusOrdersQuery[] = [];
    deps.orders = {
      listByStatus: async (query) => {
        queries.push(query);
        return orders.listByStatus(query);
      },
    };
    const report = await sendWarrantyReminders(deps);
    expect(report.orders).toBe(250);
    expect(mailedLenses()).toEqual(['LL-000250']);
    expect(queries).toHaveLength(3);
    expect(queries[0]).toMatchObject({
      status: 'closed',
      from: new Date(NOW.getTime() - REMINDER_LOOKBACK_DAYS * DAY).toISOString(),
      to: NOW.toISOString(),
    });
  });

  it('orders that are not closed are never read', async () => {
    add(closedOrder(1, 14, { status: 'cancelled' }), closedOrder(2, 14, { status: 'approved' }));
    const report = await sendWarrantyReminders(deps);
    expect(report.orders).toBe(0);
    expect(outbox.messages()).toHaveLength(0);
  });

  it('logs its counts when done', async () => {
    add(closedOrder(1, 14));
    await sendWarrantyReminders(deps);
    const done = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'warranty reminders done');
    expect(done).toMatchObject({ orders: 1, due: 1, mailed: 1, accounts: 1, alreadySent: 0 });
  });
});
