import { beforeEach, describe, expect, it } from 'vitest';
import { listOrdersInputSchema, type Order } from '../../../../core/schemas/orders';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { getAdminDashboard, lastDays } from '../../../../lambdas/use-cases/orders/get-admin-dashboard';
import { listOrders } from '../../../../lambdas/use-cases/orders/list-orders';
import { FixedActiveUsers } from '../../../support/order-fakes';
import { approved, lab, orderFields, stagesWorld, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const queue = (input: object) => listOrders(listOrdersInputSchema.parse(input), world.deps);
const close = (order: Order) =>
  changeOrderStatus(
    'close',
    lab,
    { orderId: order.orderId, version: order.version, invoiceNumber: 'INV-1' },
    world.deps,
  );
/** An order placed at `at` with this design lead (business days), approved. */
async function placedAt(n: number, at: string, leadDays: number): Promise<Order> {
  world.clock.now = new Date(at);
  world.lenses.rows.get('scleral-test')!.leadDays = leadDays;
  return approved(world, n, orderFields({ patient: `Patient ${n}` }));
}

describe('the lab\'s queue (docs/decisions/0100-production-stages-and-the-ship-promise.md "The queue and the on-time record")', () => {
  it('answers each order with its stage, its promise and where it stands against it today', async () => {
    const late = await placedAt(1, '2026-12-01T14:00:00.000Z', 1); // ships by Wed 2026-12-02
    const atRisk = await placedAt(2, '2026-12-01T14:00:00.000Z', 3); // ships by Fri 2026-12-04
    const onTime = await placedAt(3, '2026-12-01T14:00:00.000Z', 8); // ships by Fri 2026-12-11
    world.clock.now = new Date('2026-12-03T15:00:00.000Z'); // Thursday
    const page = await queue({ status: 'approved' });
    expect(page.items.map((o) => [o.orderId, o.stage, o.promise?.shipBy, o.promiseState])).toEqual([
      [late.orderId, 'approved', '2026-12-02', 'late'],
      [atRisk.orderId, 'approved', '2026-12-04', 'at-risk'],
      [onTime.orderId, 'approved', '2026-12-11', 'on-time'],
    ]);
    expect(page.items[0]!.promise).toEqual({ shipBy: '2026-12-02', firstShipBy: '2026-12-02', arriveBy: '2026-12-07' });
  });

  it('sorted by ship date, the soonest ship-by day comes first whatever the order entered production', async () => {
    const slow = await placedAt(1, '2026-12-01T14:00:00.000Z', 9);
    const fast = await placedAt(2, '2026-12-02T14:00:00.000Z', 2);
    const middle = await placedAt(3, '2026-12-03T14:00:00.000Z', 4);
    const ids = (items: { orderId: string }[]) => items.map((o) => o.orderId);
    expect(ids((await queue({ status: 'approved' })).items)).toEqual([slow.orderId, fast.orderId, middle.orderId]);
    expect(ids((await queue({ status: 'approved', sort: 'shipBy' })).items)).toEqual([
      fast.orderId,
      middle.orderId,
      slow.orderId,
    ]);
  });

  it('a shipped order is measured by the day first promised; an order placed before promises has no state', async () => {
    const order = await placedAt(1, '2026-12-01T14:00:00.000Z', 1);
    world.clock.now = new Date('2026-12-02T15:00:00.000Z');
    await close(order);
    const older = await placedAt(2, '2026-12-01T14:00:00.000Z', 1);
    const { promise: _p, ...withoutPromise } = (await world.orders.get(older.orderId))!;
    world.orders.rows.set(older.orderId, withoutPromise);
    world.clock.now = new Date('2026-12-20T15:00:00.000Z');
    const [shipped] = (await queue({ status: 'closed' })).items;
    expect(shipped).toMatchObject({ stage: 'shipped', promiseState: 'shipped-on-time' });
    const [placedBefore] = (await queue({ status: 'approved' })).items;
    expect(placedBefore!.promise).toBeUndefined();
    expect(placedBefore!.promiseState).toBeUndefined();
  });
});

describe("the dashboard's on-time record", () => {
  const dashboard = () => getAdminDashboard({ ...world.deps, activeUsers: new FixedActiveUsers() });

  it('counts the orders shipped in the last 30 and 90 lab days, and those shipped by their first ship-by day', async () => {
    // Shipped 40 days before the dashboard is read, on time: in the 90 days only.
    const early = await placedAt(1, '2026-10-26T14:00:00.000Z', 1);
    world.clock.now = new Date('2026-10-27T15:00:00.000Z');
    await close(early);
    // Shipped on time, and late, in the last 30 days.
    const onTime = await placedAt(2, '2026-11-30T14:00:00.000Z', 2);
    const late = await placedAt(3, '2026-11-30T14:00:00.000Z', 1);
    world.clock.now = new Date('2026-12-01T20:00:00.000Z');
    await close(onTime);
    world.clock.now = new Date('2026-12-03T15:00:00.000Z');
    await close(late);
    world.clock.now = new Date('2026-12-05T15:00:00.000Z');
    expect((await dashboard()).onTime).toEqual({
      last30: { shipped: 2, onTime: 1, rate: 0.5 },
      last90: { shipped: 3, onTime: 2, rate: 2 / 3 },
    });
  });

  it('no shipped order gives no rate rather than 0% or 100%', async () => {
    expect((await dashboard()).onTime).toEqual({
      last30: { shipped: 0, onTime: 0, rate: null },
      last90: { shipped: 0, onTime: 0, rate: null },
    });
  });

  it('the windows end today on the lab calendar, a day at a time', () => {
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
