import { beforeEach, describe, expect, it } from 'vitest';
import { guaranteeShipBy, DEFAULT_SHIPPING_CALENDAR } from '../../../../core/rules/ship-date';
import { shipGuaranteeSchema, type ShipGuarantee } from '../../../../core/schemas/lenses';
import { closeOrderInputSchema, recordOrderDelayInputSchema, type Order } from '../../../../core/schemas/orders';
import type { MoneyEmail } from '../../../../lambdas/ports/money-notifier';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import { closeOrderWithInvoice, SHIP_GUARANTEE_FREE_NOTE } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { CREDIT_MOVED } from '../../../../lambdas/use-cases/orders/change-order-status';
import { recordOrderDelay } from '../../../../lambdas/use-cases/orders/record-order-delay';
import { failureOf } from '../../../support/failure-of';
import { A, approved, lab, stagesWorld, TUESDAY_MORNING, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

/** An approved order of the test design with this guarantee, placed Tuesday 2026-12-01 before the cut-off. */
async function guaranteed(guarantee: ShipGuarantee, n = 1): Promise<Order> {
  world.lenses.rows.get('scleral-test')!.shipGuarantee = guarantee;
  world.clock.now = TUESDAY_MORNING;
  return approved(world, n);
}
/** Closes on `day` (10 am in New York) with invoice INV-{n}. */
function shipOn(order: Order, day: string, n = 1) {
  world.clock.now = new Date(`${day}T15:00:00.000Z`);
  const input = closeOrderInputSchema.parse({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: `INV-${n}`,
    noTracking: true,
  });
  return closeOrderWithInvoice(lab, input, world.deps);
}
const creditEmails = () => world.money.outbox.notices<MoneyEmail>('money').filter((m) => m.kind === 'credit-granted');

describe('ship guarantee (docs/decisions/0100-production-stages-and-the-ship-promise.md "Ship guarantee")', () => {
  it('counts its business days from the day work started: 3 days from Tuesday is Friday', () => {
    expect(guaranteeShipBy(TUESDAY_MORNING, 3, DEFAULT_SHIPPING_CALENDAR)).toBe('2026-12-04');
    // Placed after the cut-off, work starts Wednesday: Monday.
    expect(guaranteeShipBy(new Date('2026-12-01T22:00:00.000Z'), 3, DEFAULT_SHIPPING_CALENDAR)).toBe('2026-12-07');
  });

  it('shipped by the guaranteed day, nothing applies: the lenses are billed', async () => {
    const order = await guaranteed({ businessDays: 3, remedy: 'free-lenses' });
    expect(order.lines[0]!.design.shipGuarantee).toEqual({ businessDays: 3, remedy: 'free-lenses' });
    const closed = await shipOn(order, '2026-12-04');
    expect(closed.guaranteeApplied).toBeUndefined();
    expect(world.money.invoices.get('INV-1')!.lines[0]).toMatchObject({ amountCents: 40_000 });
  });

  it('missed with free lenses: the line bills 0 with the note, the order records it, shipping is still billed', async () => {
    const order = await guaranteed({ businessDays: 3, remedy: 'free-lenses' });
    const closed = await shipOn(order, '2026-12-07');
    expect(closed.guaranteeApplied).toEqual([
      { eye: 'OD', lensId: 'scleral-test', shipBy: '2026-12-04', remedy: 'free-lenses' },
    ]);
    const invoice = world.money.invoices.get('INV-1')!;
    expect(invoice.lines[0]).toMatchObject({
      description: `Test Scleral (${SHIP_GUARANTEE_FREE_NOTE})`,
      unitCents: 0,
      amountCents: 0,
      quantity: 1,
    });
    expect(invoice).toMatchObject({ subtotalCents: 0, shippingCents: 850, totalCents: 850 });
    expect(world.changes.at(-1)).toMatchObject({
      action: 'order.close',
      after: { guaranteeApplied: ['OD free-lenses'] },
    });
  });

  it("missed with credit: a ledger entry on the practice's balance, in the close's write, once, with its email", async () => {
    world.money.balances.set(A, { availableCents: 1_000, pendingCents: 200, version: 4 });
    const order = await guaranteed({ businessDays: 3, remedy: 'credit', creditCents: 5_000 });
    const closed = await shipOn(order, '2026-12-08');
    expect(closed.guaranteeApplied).toEqual([
      { eye: 'OD', lensId: 'scleral-test', shipBy: '2026-12-04', remedy: 'credit', creditCents: 5_000 },
    ]);
    expect(world.money.balances.get(A)).toEqual({ availableCents: 6_000, pendingCents: 200, version: 5 });
    const [entry] = world.money.entries.get(A)!;
    expect(entry).toMatchObject({
      entryId: `ship-guarantee-${order.orderId}-OD`,
      kind: 'grant',
      reason: 'ship-guarantee',
      amountCents: 5_000,
      balanceAfterCents: 6_000,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      eye: 'OD',
      note: `Order ${order.orderNumber} (OD) shipped after its guaranteed day, Friday, December 4, 2026.`,
    });
    expect(creditEmails()).toEqual([{ kind: 'credit-granted', entry, to: [] }]);
    // The lenses are billed: credit is the remedy, not free lenses.
    expect(world.money.invoices.get('INV-1')!.lines[0]!.amountCents).toBe(40_000);
  });

  it("the lab's delays do not move the guaranteed day", async () => {
    const order = await guaranteed({ businessDays: 5, remedy: 'free-lenses' });
    const delayed = await recordOrderDelay(
      lab,
      recordOrderDelayInputSchema.parse({
        orderId: order.orderId,
        version: order.version,
        reason: 'Late part',
        shipBy: '2026-12-14',
      }),
      world.deps,
    );
    const closed = await shipOn(delayed, '2026-12-14');
    expect(closed.guaranteeApplied).toEqual([expect.objectContaining({ shipBy: '2026-12-08', remedy: 'free-lenses' })]);
  });

  it('a credit balance moved by another change at that moment refuses the close, which stores nothing', async () => {
    const order = await guaranteed({ businessDays: 3, remedy: 'credit', creditCents: 5_000 });
    world.orders.pendingRefusals.push(orderRefusals.refuse('credit'));
    expect(await failureOf(shipOn(order, '2026-12-08'))).toMatchObject({ status: 'aborted', message: CREDIT_MOVED });
    expect((await world.orders.get(order.orderId))!.status).toBe('approved');
    expect(world.money.entries.get(A)).toBeUndefined();
    expect(creditEmails()).toEqual([]);
  });

  it('a design guarantees 1 to 30 business days; credit needs an amount, free lenses take none', () => {
    const ok = (g: object) => shipGuaranteeSchema.safeParse(g).success;
    expect(ok({ businessDays: 5, remedy: 'free-lenses' })).toBe(true);
    expect(ok({ businessDays: 30, remedy: 'credit', creditCents: 2_500 })).toBe(true);
    expect(ok({ businessDays: 0, remedy: 'free-lenses' })).toBe(false);
    expect(ok({ businessDays: 31, remedy: 'free-lenses' })).toBe(false);
    expect(shipGuaranteeSchema.safeParse({ businessDays: 5, remedy: 'credit' }).error?.issues[0]?.path).toEqual([
      'creditCents',
    ]);
    expect(ok({ businessDays: 5, remedy: 'free-lenses', creditCents: 100 })).toBe(false);
  });
});
