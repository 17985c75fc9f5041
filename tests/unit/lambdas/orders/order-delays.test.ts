import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGED_MESSAGES } from '../../../../core/messages';
import { recordOrderDelayInputSchema, type Order } from '../../../../core/schemas/orders';
import { orderEmailValues } from '../../../../lambdas/email/order-email-values';
import type { OrderNotice } from '../../../../lambdas/ports/order-notifier';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { DELAY_MESSAGES } from '../../../../core/rules/order-delays';
import { recordOrderDelay } from '../../../../lambdas/use-cases/orders/record-order-delay';
import { noticeContent } from '../../../../lambdas/use-cases/notifications/notice-content';
import { failureOf } from '../../../support/failure-of';
import { approved, lab, place, practice, stagesWorld, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const REASON = 'The lathe needs a repair part; your lenses are next in line.';
const delay = (order: Order, shipBy: string, caller = lab, reason = REASON) =>
  recordOrderDelay(
    caller,
    recordOrderDelayInputSchema.parse({ orderId: order.orderId, version: order.version, reason, shipBy }),
    world.deps,
  );
const delayedEmails = () => world.orders.outbox.notices<OrderNotice>('order').filter((n) => n.kind === 'order-delayed');

describe('delays (docs/decisions/0100-production-stages-and-the-ship-promise.md "Delays")', () => {
  it('moves ship-by, moves arrive-by by the same transit, keeps firstShipBy, and tells the practice why', async () => {
    const order = await approved(world, 1);
    expect(order.promise).toMatchObject({ shipBy: '2026-12-08', arriveBy: '2026-12-11' });
    const delayed = await delay(order, '2026-12-10');
    expect(delayed.promise).toMatchObject({ shipBy: '2026-12-10', arriveBy: '2026-12-15', firstShipBy: '2026-12-08' });
    expect(delayed.delays).toEqual([
      {
        at: world.clock.now.toISOString(),
        by: { userId: 'u-lab', name: expect.any(String) },
        reason: REASON,
        previousShipBy: '2026-12-08',
        shipBy: '2026-12-10',
      },
    ]);
    expect(delayed.history.at(-1)).toMatchObject({ action: 'delay', from: 'approved', to: 'approved', note: REASON });
    expect(await world.orders.get(order.orderId)).toEqual(delayed);

    const [email] = delayedEmails();
    expect(email!.order.orderId).toBe(order.orderId);
    expect(orderEmailValues('order-delayed', email!.order, { portalUrl: null })).toMatchObject({
      reason: REASON,
      previousShipBy: 'Tuesday, December 8, 2026',
      shipBy: 'Thursday, December 10, 2026',
      arriveBy: 'Tuesday, December 15, 2026',
    });
    const bell = noticeContent({ topic: 'order', notice: { ...email! } })!.textFor('practice');
    expect(bell.body).toContain('Thursday, December 10, 2026');
    expect(world.changes.at(-1)).toMatchObject({ action: 'order.delay', after: { shipBy: '2026-12-10' } });
    expect(JSON.stringify(world.changes)).not.toContain(REASON);
  });

  it('a second delay starts from the moved date; a submitted or held order may be delayed too', async () => {
    const order = await approved(world, 1);
    const once = await delay(order, '2026-12-10');
    const twice = await delay(once, '2026-12-14');
    expect(twice.delays!.map((d) => [d.previousShipBy, d.shipBy])).toEqual([
      ['2026-12-08', '2026-12-10'],
      ['2026-12-10', '2026-12-14'],
    ]);
    const submitted = await place(world, 2);
    expect((await delay(submitted, '2026-12-09')).status).toBe('submitted');
  });

  it('the new day is a business day of the lab, not before today, and not the day it already has', async () => {
    const order = await approved(world, 1);
    const cases: [string, string][] = [
      ['2026-12-12', DELAY_MESSAGES.notBusinessDay('2026-12-12')], // a Saturday
      ['2026-12-25', DELAY_MESSAGES.notBusinessDay('2026-12-25')], // Christmas Day
      ['2026-11-30', DELAY_MESSAGES.beforeToday],
      ['2026-12-08', DELAY_MESSAGES.same('2026-12-08')],
    ];
    for (const [shipBy, message] of cases)
      expect(await failureOf(delay(order, shipBy))).toMatchObject({
        status: 'invalid-argument',
        message,
        details: { fieldErrors: { shipBy: [message] } },
      });
    expect(await world.orders.get(order.orderId)).toEqual(order);
    expect(delayedEmails()).toEqual([]);
  });

  it('refused for a stale version, a shipped order, an order without a promise, and for a practice', async () => {
    const order = await approved(world, 1);
    expect(await failureOf(delay({ ...order, version: order.version - 1 }, '2026-12-10'))).toMatchObject({
      status: 'aborted',
      message: CHANGED_MESSAGES.order,
    });
    expect(await failureOf(delay(order, '2026-12-10', practice))).toMatchObject({ status: 'permission-denied' });
    const closed = await changeOrderStatus(
      'close',
      lab,
      { orderId: order.orderId, version: order.version, invoiceNumber: 'INV-1' },
      world.deps,
    );
    expect((await failureOf(delay(closed, '2026-12-10'))).message).toBe(DELAY_MESSAGES.notDelayable);
    const older = await approved(world, 2);
    const { promise: _promise, ...withoutPromise } = (await world.orders.get(older.orderId))!;
    world.orders.rows.set(older.orderId, withoutPromise);
    expect((await failureOf(delay(older, '2026-12-10'))).message).toBe(DELAY_MESSAGES.noPromise);
    expect(delayedEmails()).toEqual([]);
  });

  it('the reason is 1 to 500 characters and the day is written YYYY-MM-DD', () => {
    const input = { orderId: '00000000-0000-4000-8000-000000000001', version: 0, reason: REASON, shipBy: '2026-12-10' };
    expect(recordOrderDelayInputSchema.safeParse(input).success).toBe(true);
    for (const bad of [{ reason: '' }, { reason: 'x'.repeat(501) }, { shipBy: '10/12/2026' }, { shipBy: '2026-02-30' }])
      expect(recordOrderDelayInputSchema.safeParse({ ...input, ...bad }).success).toBe(false);
  });
});
