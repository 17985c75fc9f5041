import { beforeEach, describe, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '../../../../core/rules/tracking-numbers';
import { closeOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import { PARCELS_MESSAGES } from '../../../../core/schemas/tracking-numbers';
import { NO_TRACKING, orderEmailValues } from '../../../../lambdas/email/order-email-values';
import { renderTemplate } from '../../../../lambdas/email/render-template';
import { DEFAULT_TEMPLATES } from '../../../../lambdas/email/default-templates';
import { counterNames, orderRefusals } from '../../../../lambdas/ports/orders-repository';
import type { OrderNotice } from '../../../../lambdas/ports/order-notifier';
import { closeOrderWithInvoice } from '../../../../lambdas/use-cases/invoices/issue-invoice';
import { PARCEL_TAKEN } from '../../../../lambdas/use-cases/orders/change-order-status';
import { failureOf } from '../../../support/failure-of';
import { approved, lab, stagesWorld, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const UPS = '1Z999AA10123456784';
const USPS = '9400100000000000000006';
let invoices = 0;

function close(order: Order, extra: Record<string, unknown>) {
  invoices += 1;
  const input = closeOrderInputSchema.parse({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: `INV-${invoices}`,
    ...extra,
  });
  return closeOrderWithInvoice(lab, input, world.deps);
}
const closedEmail = (orderId: string) =>
  world.orders.outbox
    .notices<OrderNotice>('order')
    .find((n) => n.kind === 'order-closed' && n.order.orderId === orderId)!;

describe('shipping with parcels (docs/decisions/0100-production-stages-and-the-ship-promise.md "Parcels")', () => {
  it('records each parcel (carrier detected when not given), the shipped stage and day, and indexes the numbers', async () => {
    const order = await approved(world, 1);
    world.clock.now = new Date('2026-12-07T21:30:00.000Z'); // Monday 4:30 pm in New York
    const closed = await close(order, {
      parcels: [{ carrier: 'ups', trackingNumber: '1z 999 aa1 0123 4567 84' }, { trackingNumber: USPS }],
    });
    expect(closed).toMatchObject({ status: 'closed', stage: 'shipped', shippedOn: '2026-12-07' });
    expect(closed.parcels).toEqual([
      { parcelId: '1', carrier: 'ups', trackingNumber: UPS, status: 'pre-transit' },
      { parcelId: '2', carrier: 'usps', trackingNumber: USPS, status: 'pre-transit' },
    ]);
    expect(closed.history.at(-1)).toMatchObject({ action: 'close', stage: 'shipped' });
    expect(await world.orders.findParcel({ carrier: 'usps', trackingNumber: USPS })).toEqual({
      orderId: order.orderId,
      parcelId: '2',
    });
    // Shipped the day before its ship-by day (2026-12-08): on time.
    expect(
      await world.orders.counters([counterNames.shipped('2026-12-07'), counterNames.shippedOnTime('2026-12-07')]),
    ).toEqual({ 'shipped#2026-12-07': 1, 'shippedOnTime#2026-12-07': 1 });
  });

  it("the practice's order-closed email lists each parcel with its carrier's tracking page, as written", async () => {
    const order = await approved(world, 1);
    await close(order, { parcels: [{ trackingNumber: UPS }, { trackingNumber: USPS }] });
    const values = orderEmailValues('order-closed', closedEmail(order.orderId).order, { portalUrl: null });
    expect(values['tracking']).toBe(
      [
        `UPS ${UPS}: https://www.ups.com/track?tracknum=${UPS}`,
        `USPS ${USPS}: https://tools.usps.com/go/TrackConfirmAction?tLabels=${USPS}`,
      ].join('\n'),
    );
    const email = renderTemplate(DEFAULT_TEMPLATES['order-closed'], values);
    expect(email.text).toContain(`https://www.ups.com/track?tracknum=${UPS}`);
    expect(email.html).toContain(`https://www.ups.com/track?tracknum=${UPS}<br />`);
  });

  it('"No tracking" ships with no parcel and says so; a late close counts as shipped but not on time', async () => {
    const order = await approved(world, 1);
    world.clock.now = new Date('2026-12-10T15:00:00.000Z'); // Thursday, after the 8th
    const closed = await close(order, { noTracking: true });
    expect(closed.parcels).toEqual([]);
    expect(orderEmailValues('order-closed', closed, { portalUrl: null })['tracking']).toBe(NO_TRACKING);
    expect(
      await world.orders.counters([counterNames.shipped('2026-12-10'), counterNames.shippedOnTime('2026-12-10')]),
    ).toEqual({ 'shipped#2026-12-10': 1, 'shippedOnTime#2026-12-10': 0 });
  });

  it('the close names parcels or "No tracking": neither, or both, is refused with a clear message', () => {
    const base = { orderId: '00000000-0000-4000-8000-000000000001', version: 1, invoiceNumber: 'INV-1' };
    const issues = (input: object) =>
      closeOrderInputSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({})).toEqual([['parcels', PARCELS_MESSAGES.required]]);
    expect(issues({ parcels: [{ trackingNumber: UPS }], noTracking: true })).toEqual([
      ['noTracking', PARCELS_MESSAGES.both],
    ]);
    expect(issues({ parcels: Array.from({ length: 11 }, () => ({ trackingNumber: UPS })) })?.[0]?.[1]).toBe(
      'At most 10 parcels',
    );
  });

  it("a mistyped check digit, another carrier's number or a number listed twice is a field error on its parcel", () => {
    const base = { orderId: '00000000-0000-4000-8000-000000000001', version: 1, invoiceNumber: 'INV-1' };
    const issues = (parcels: object[]) =>
      closeOrderInputSchema.safeParse({ ...base, parcels }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([{ trackingNumber: USPS }, { trackingNumber: '1Z999AA10123456785' }])).toEqual([
      ['parcels.1.trackingNumber', TRACKING_MESSAGES.checkDigit],
    ]);
    expect(issues([{ carrier: 'fedex', trackingNumber: UPS }])).toEqual([
      ['parcels.0.trackingNumber', 'This is not a FedEx tracking number: it looks like a UPS number.'],
    ]);
    expect(issues([{ trackingNumber: UPS }, { carrier: 'ups', trackingNumber: UPS.toLowerCase() }])).toEqual([
      ['parcels.1.trackingNumber', PARCELS_MESSAGES.listedTwice],
    ]);
  });

  it('the use case checks again: a bad number or no parcels without "No tracking" changes nothing', async () => {
    const order = await approved(world, 1);
    const deps = world.deps;
    const input = { orderId: order.orderId, version: order.version, invoiceNumber: 'INV-X', taxCents: 0 };
    expect(await failureOf(closeOrderWithInvoice(lab, { ...input, parcels: [] }, deps))).toMatchObject({
      status: 'invalid-argument',
      details: { fieldErrors: { parcels: [PARCELS_MESSAGES.required] } },
    });
    const bad = [{ trackingNumber: '1Z999AA10123456785' }];
    expect(await failureOf(closeOrderWithInvoice(lab, { ...input, parcels: bad }, deps))).toMatchObject({
      details: { fieldErrors: { 'parcels.0.trackingNumber': [TRACKING_MESSAGES.checkDigit] } },
    });
    expect(await world.orders.get(order.orderId)).toEqual(order);
    expect(world.orders.invoices.size).toBe(0);
  });

  it('a number shipped with another order is refused on its field; one taken in between is a 409 to ship again', async () => {
    const first = await approved(world, 1);
    const closedFirst = await close(first, { parcels: [{ trackingNumber: UPS }] });
    const second = await approved(world, 2);
    expect(
      await failureOf(close(second, { parcels: [{ trackingNumber: USPS }, { trackingNumber: UPS }] })),
    ).toMatchObject({
      status: 'invalid-argument',
      details: {
        fieldErrors: {
          'parcels.1.trackingNumber': [`This tracking number was shipped with order ${closedFirst.orderNumber}.`],
        },
      },
    });
    world.orders.pendingRefusals.push(orderRefusals.refuse('parcel'));
    expect(await failureOf(close(second, { parcels: [{ trackingNumber: USPS }] }))).toMatchObject({
      status: 'aborted',
      message: PARCEL_TAKEN,
    });
    expect((await world.orders.get(second.orderId))!.status).toBe('approved');
    expect(await world.orders.findParcel({ carrier: 'usps', trackingNumber: USPS })).toBeNull();
  });
});
