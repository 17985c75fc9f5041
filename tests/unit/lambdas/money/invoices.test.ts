import { beforeEach, describe, expect, it } from 'vitest';
import {
  createInvoiceInputSchema,
  listAccountInvoicesInputSchema,
  recordOfflinePaymentInputSchema,
  voidInvoiceInputSchema,
} from '../../../../core/schemas/invoices';
import { closeOrderInputSchema, submitOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import {
  createInvoice,
  getInvoice,
  listAccountInvoices,
  recordOfflinePayment,
  voidInvoice,
} from '../../../../lambdas/use-cases/invoices/invoices';
import { closeOrderWithInvoice, type CloseOrderDeps } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { submitOrder, type SubmitOrderDeps } from '../../../../lambdas/use-cases/orders/submit-order';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { moneyEmails } from '../../../support/money-email-fakes';
import { InMemoryOrders, orderPorts, testDesign } from '../../../support/order-fakes';
import { A, B, biller, lab, moneyFixture, outsider, practice, refusal, uuid, type MoneyFixture } from './money-fixture';

let f: MoneyFixture;
let orderDeps: CloseOrderDeps & SubmitOrderDeps & { orders: InMemoryOrders };

beforeEach(() => {
  f = moneyFixture();
  const lenses = new InMemoryLensCatalogue();
  lenses.rows.set('scleral-test', testDesign({ priceCents: 40_000 }));
  orderDeps = orderPorts({
    // The order's write puts its notices in the same outbox as the money store's commits.
    orders: new InMemoryOrders(f.deps.money.invoices, undefined, f.outbox),
    users: f.deps.users,
    customers: f.deps.customers,
    lenses,
    money: f.deps.money,
    now: () => f.clock.now,
  });
});

async function approvedOrder(n: number, method: 'standard' | 'express' = 'standard'): Promise<Order> {
  const order = await submitOrder(
    practice,
    submitOrderInputSchema.parse({
      orderId: uuid(n),
      accountNumber: A,
      order: {
        patient: `Patient ${n}`,
        lines: [
          { eye: 'OD', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 2 },
          { eye: 'OS', lensId: 'scleral-test', parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 },
        ],
        shipping: { method, address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
      },
    }),
    orderDeps,
  );
  return changeOrderStatus('approve', lab, { orderId: order.orderId, version: order.version }, orderDeps);
}

describe('closing an order issues its invoice', () => {
  it("prices lines from the order, adds the method's shipping and the lab's tax, due after the practice's net terms", async () => {
    const order = await approvedOrder(1);
    await closeOrderWithInvoice(
      lab,
      // Typed in lower case: the route's schema stores it upper-case.
      closeOrderInputSchema.parse({
        orderId: order.orderId,
        version: order.version,
        invoiceNumber: 'inv-100',
        taxCents: 1_234,
        noTracking: true,
      }),
      orderDeps,
    );
    const invoice = f.deps.money.invoices.get('INV-100')!;
    expect(invoice).toMatchObject({
      accountNumber: A,
      orderIds: [order.orderId],
      subtotalCents: 120_000,
      shippingCents: 850,
      taxCents: 1_234,
      totalCents: 122_084,
      balanceCents: 122_084,
      status: 'open',
      dueDate: '2026-03-31',
      version: 0,
    });
    expect(invoice.lines.map((l) => [l.eye, l.quantity, l.unitCents, l.amountCents, l.orderNumber, l.patient])).toEqual(
      [
        ['OD', 2, 40_000, 80_000, order.orderNumber, 'Patient 1'],
        ['OS', 1, 40_000, 40_000, order.orderNumber, 'Patient 1'],
      ],
    );
    expect((await orderDeps.orders.get(order.orderId))!.invoiceNumber).toBe('INV-100');
    // Stored with the close: the invoice email to whoever placed the order, beside the order-closed email.
    expect(moneyEmails(f.outbox, 'invoice-issued')).toEqual([{ kind: 'invoice-issued', invoice, to: ['ann@a.test'] }]);
    // With each email, the webhook event of the change (submitted, approved, shipped, invoice issued).
    expect(f.outbox.messages().map((m) => m.topic)).toEqual([
      'order',
      'webhook',
      'order',
      'webhook',
      'order',
      'money',
      'webhook',
      'webhook',
    ]);
    expect(f.outbox.messages('webhook').map((m) => m.notice['type'])).toEqual([
      'order.submitted',
      'order.approved',
      'invoice.issued',
      'order.shipped',
    ]);
  });

  it('a second order closed on the same open invoice is added to it', async () => {
    const one = await approvedOrder(2);
    const two = await approvedOrder(3, 'express');
    await closeOrderWithInvoice(
      lab,
      {
        orderId: one.orderId,
        version: one.version,
        invoiceNumber: 'INV-7',
        taxCents: 0,
        parcels: [],
        noTracking: true,
      },
      orderDeps,
    );
    await closeOrderWithInvoice(
      lab,
      {
        orderId: two.orderId,
        version: two.version,
        invoiceNumber: 'INV-7',
        taxCents: 0,
        shippingCents: 0,
        parcels: [],
        noTracking: true,
      },
      orderDeps,
    );
    const invoice = f.deps.money.invoices.get('INV-7')!;
    expect(invoice.orderIds).toEqual([one.orderId, two.orderId]);
    expect(invoice).toMatchObject({ lines: expect.any(Array), totalCents: 240_850, version: 1 });
  });

  it('refuses an invoice number of another account and leaves the order approved', async () => {
    f.invoice('INV-B', 100, { accountNumber: B });
    const order = await approvedOrder(4);
    const refused = await refusal(
      closeOrderWithInvoice(
        lab,
        {
          orderId: order.orderId,
          version: order.version,
          invoiceNumber: 'INV-B',
          taxCents: 0,
          parcels: [],
          noTracking: true,
        },
        orderDeps,
      ),
    );
    expect(refused).toMatchObject({ status: 'aborted', message: expect.stringContaining('another account') });
    expect((await orderDeps.orders.get(order.orderId))!.status).toBe('approved');
    expect(moneyEmails(f.outbox, 'invoice-issued')).toEqual([]);
  });

  it('a close whose write is refused stores no invoice email; one retried after contention stores it once', async () => {
    const order = await approvedOrder(5);
    const close = () =>
      closeOrderWithInvoice(
        lab,
        {
          orderId: order.orderId,
          version: order.version,
          invoiceNumber: 'INV-9',
          taxCents: 0,
          parcels: [],
          noTracking: true,
        },
        orderDeps,
      );
    orderDeps.orders.pendingRefusals.push(orderRefusals.refuse('invoice'));
    expect((await refusal(close())).status).toBe('aborted');
    expect(moneyEmails(f.outbox, 'invoice-issued')).toEqual([]);
    orderDeps.orders.pendingRefusals.push(orderRefusals.refuse('contention'));
    await close();
    expect(moneyEmails(f.outbox, 'invoice-issued').map((e) => e.invoice.invoiceNumber)).toEqual(['INV-9']);
  });
});

describe('the invoice lookup (spec 7 GET auth/invoice/{invoiceNumber}/{accountNumber})', () => {
  it("answers the owner and the lab; unknown, another practice's and a wrong pair get the same not-found", async () => {
    f.invoice('INV-1', 5_000);
    f.invoice('INV-B', 5_000, { accountNumber: B });
    expect(await getInvoice(practice, { invoiceNumber: 'INV-1', accountNumber: A }, f.deps)).toMatchObject({
      invoiceNumber: 'INV-1',
      overdue: false,
    });
    expect(await getInvoice(lab, { invoiceNumber: 'INV-1', accountNumber: A }, f.deps)).toMatchObject({
      invoiceNumber: 'INV-1',
    });
    const answers = await Promise.all([
      refusal(getInvoice(practice, { invoiceNumber: 'INV-404', accountNumber: A }, f.deps)),
      refusal(getInvoice(practice, { invoiceNumber: 'INV-B', accountNumber: B }, f.deps)),
      refusal(getInvoice(practice, { invoiceNumber: 'INV-B', accountNumber: A }, f.deps)),
      refusal(getInvoice(outsider, { invoiceNumber: 'INV-1', accountNumber: A }, f.deps)),
    ]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe('not-found');
  });

  it("a practice's biller reads the invoice and Pay Online's list without the patients; the doctor and the lab with them", async () => {
    const lines = [
      { description: 'Scleral lens', patient: 'Eleanor Vance', quantity: 1, unitCents: 5_000, amountCents: 5_000 },
    ];
    f.invoice('INV-1', 5_000, { lines });
    const key = { invoiceNumber: 'INV-1', accountNumber: A };
    expect((await getInvoice(biller, key, f.deps)).lines[0]).not.toHaveProperty('patient');
    expect((await getInvoice(practice, key, f.deps)).lines[0]?.patient).toBe('Eleanor Vance');
    expect((await getInvoice(lab, key, f.deps)).lines[0]?.patient).toBe('Eleanor Vance');
    const list = (who: typeof biller) =>
      listAccountInvoices(who, listAccountInvoicesInputSchema.parse({ accountNumber: A }), f.deps);
    expect((await list(biller)).items[0]).toMatchObject({ invoiceNumber: 'INV-1', balanceCents: 5_000, patients: [] });
    expect((await list(practice)).items[0]?.patients).toEqual(['Eleanor Vance']);
  });

  it('marks an invoice overdue from the day after its due date', async () => {
    f.invoice('INV-1', 5_000, { dueDate: '2026-03-01' });
    expect((await getInvoice(practice, { invoiceNumber: 'INV-1', accountNumber: A }, f.deps)).overdue).toBe(false);
    f.clock.now = new Date('2026-03-02T00:00:00.000Z');
    expect((await getInvoice(practice, { invoiceNumber: 'INV-1', accountNumber: A }, f.deps)).overdue).toBe(true);
  });
});

describe('Pay Online lists', () => {
  it('lists open invoices with totals and overdue amounts; paid ones on the other tab', async () => {
    f.invoice('INV-1', 5_000, { dueDate: '2026-02-01' });
    f.invoice('INV-2', 7_000);
    f.invoice('INV-3', 2_000, {
      status: 'paid',
      settlements: [{ settlementId: 's', at: '2026-02-21T00:00:00Z', method: 'cheque', amountCents: 2_000 }],
    });
    const open = await listAccountInvoices(
      practice,
      listAccountInvoicesInputSchema.parse({ accountNumber: A }),
      f.deps,
    );
    expect(open.items.map((i) => i.invoiceNumber).sort()).toEqual(['INV-1', 'INV-2']);
    expect(open.totals).toEqual({ balanceCents: 12_000, overdueCents: 5_000, openCount: 2 });
    const paid = await listAccountInvoices(
      practice,
      listAccountInvoicesInputSchema.parse({ accountNumber: A, tab: 'paid' }),
      f.deps,
    );
    expect(paid.items.map((i) => i.invoiceNumber)).toEqual(['INV-3']);
  });

  it("refuses another practice's account; the lab must name one", async () => {
    expect(
      (await refusal(listAccountInvoices(outsider, listAccountInvoicesInputSchema.parse({ accountNumber: A }), f.deps)))
        .status,
    ).toBe('not-found');
    expect((await refusal(listAccountInvoices(lab, listAccountInvoicesInputSchema.parse({}), f.deps))).status).toBe(
      'invalid-argument',
    );
  });
});

describe("the lab's invoice actions", () => {
  it('records an invoice by hand once; the same number again is refused', async () => {
    const input = createInvoiceInputSchema.parse({
      invoiceNumber: 'MAN-1',
      accountNumber: A,
      lines: [{ description: 'Diagnostic set rental', quantity: 2, unitCents: 2_500 }],
      shippingCents: 500,
      taxCents: 100,
    });
    const invoice = await createInvoice(lab, input, f.deps);
    expect(invoice).toMatchObject({ totalCents: 5_600, dueDate: '2026-03-31', createdBy: { userId: 'u-lab' } });
    expect((await refusal(createInvoice(lab, input, f.deps))).message).toContain('already used');
  });

  it("an invoice recorded by hand stores its email to the account's users with it; a refused number stores none", async () => {
    const input = createInvoiceInputSchema.parse({
      invoiceNumber: 'MAN-2',
      accountNumber: A,
      lines: [{ description: 'Diagnostic set rental', quantity: 1, unitCents: 2_500 }],
    });
    const invoice = await createInvoice(lab, input, f.deps);
    expect(moneyEmails(f.outbox, 'invoice-issued')).toEqual([{ kind: 'invoice-issued', invoice, to: [] }]);
    await refusal(createInvoice(lab, input, f.deps));
    // The email and the invoice.issued webhook event.
    expect(f.outbox.messages().map((m) => m.topic)).toEqual(['money', 'webhook']);
  });

  it('voids only an invoice nothing was paid on, with its reason', async () => {
    f.invoice('INV-1', 5_000);
    f.invoice('INV-2', 5_000, {
      settlements: [{ settlementId: 's', at: '2026-02-21T00:00:00Z', method: 'cheque', amountCents: 100 }],
    });
    const voided = await voidInvoice(
      lab,
      voidInvoiceInputSchema.parse({ invoiceNumber: 'INV-1', version: 0, reason: 'Billed twice' }),
      f.deps,
    );
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Billed twice', balanceCents: 0 });
    expect(
      (
        await refusal(
          voidInvoice(lab, voidInvoiceInputSchema.parse({ invoiceNumber: 'INV-2', version: 0, reason: 'x' }), f.deps),
        )
      ).status,
    ).toBe('aborted');
    expect(voidInvoiceInputSchema.safeParse({ invoiceNumber: 'INV-2', version: 0, reason: '  ' }).success).toBe(false);
  });

  it('records a check; more than the balance becomes account credit in the same transaction', async () => {
    f.invoice('INV-1', 5_000);
    const paid = await recordOfflinePayment(
      lab,
      recordOfflinePaymentInputSchema.parse({
        invoiceNumber: 'INV-1',
        version: 0,
        method: 'cheque',
        amountCents: 6_000,
        reference: 'CHQ 881',
      }),
      f.deps,
    );
    expect(paid).toMatchObject({ status: 'paid', paidCents: 5_000, balanceCents: 0 });
    expect(paid.settlements[0]).toMatchObject({
      method: 'cheque',
      reference: 'CHQ 881',
      recordedBy: { userId: 'u-lab' },
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 1_000 });
    expect(f.deps.money.commits).toBe(1);
  });

  it('a stale version is refused with the reload message', async () => {
    f.invoice('INV-1', 5_000, { version: 3 });
    const refused = await refusal(
      recordOfflinePayment(
        lab,
        recordOfflinePaymentInputSchema.parse({
          invoiceNumber: 'INV-1',
          version: 2,
          method: 'cheque',
          amountCents: 100,
        }),
        f.deps,
      ),
    );
    expect(refused.message).toContain('Reload');
  });
});
