import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGED_MESSAGES } from '../../../../core/messages';
import { moveOrderStagesInputSchema, type Order } from '../../../../core/schemas/orders';
import { orderRefusals } from '../../../../lambdas/ports/orders-repository';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { moveOrderStages, STAGE_MESSAGES } from '../../../../lambdas/use-cases/orders/move-order-stages';
import { failureOf } from '../../../support/failure-of';
import { approved, lab, place, practice, stagesWorld, type StagesWorld } from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const move = (moves: { orderId: string; version: number; to: string }[], caller = lab) =>
  moveOrderStages(caller, moveOrderStagesInputSchema.parse({ moves }), world.deps);
const to = (order: Order, stage: string) => ({ orderId: order.orderId, version: order.version, to: stage });

describe('bulk stage moves (docs/decisions/0100-production-stages-and-the-ship-promise.md "Bulk moves")', () => {
  it('each order moves on its own version: a stale one is refused with the reload message, the others move', async () => {
    const [a, b, c] = [await approved(world, 1), await approved(world, 2), await approved(world, 3)];
    const answer = await move([to(a, 'lathing'), { ...to(b, 'lathing'), version: b.version - 1 }, to(c, 'next')]);
    expect(answer).toMatchObject({ moved: 2, refused: 1 });
    expect(answer.results).toEqual([
      { orderId: a.orderId, ok: true, order: expect.objectContaining({ stage: 'lathing', version: a.version + 1 }) },
      { orderId: b.orderId, ok: false, error: { status: 'aborted', message: CHANGED_MESSAGES.order } },
      { orderId: c.orderId, ok: true, order: expect.objectContaining({ stage: 'lathing' }) },
    ]);
    expect((await world.orders.get(b.orderId))!.stage).toBe('approved');
    const stored = (await world.orders.get(a.orderId))!;
    expect(stored).toMatchObject({ status: 'approved', stage: 'lathing', stageAt: world.clock.now.toISOString() });
    expect(stored.history.at(-1)).toEqual({
      at: world.clock.now.toISOString(),
      action: 'stage',
      from: 'approved',
      to: 'approved',
      stage: 'lathing',
      by: { userId: 'u-lab', name: expect.any(String), actor: 'lab' },
    });
    expect(world.changes.filter((c) => c.action === 'order.stage')).toHaveLength(2);
  });

  it('a write that loses to another change between read and write is refused alike, and stores nothing', async () => {
    const a = await approved(world, 1);
    world.orders.pendingRefusals.push(orderRefusals.refuse('order'));
    const answer = await move([to(a, 'polishing')]);
    expect(answer.results[0]).toMatchObject({ ok: false, error: { message: CHANGED_MESSAGES.order } });
    expect((await world.orders.get(a.orderId))!.version).toBe(a.version);
  });

  it("'next' walks the work stages in the lab's order; after the last one shipping is the next step", async () => {
    let order = await approved(world, 1);
    const seen: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await move([to(order, 'next')]);
      if (!answer.results[0]!.ok) {
        expect(answer.results[0]!.error!.message).toBe(STAGE_MESSAGES.noNextStage(order));
        break;
      }
      order = (await world.orders.get(order.orderId))!;
      seen.push(order.stage!);
    }
    expect(seen).toEqual(['lathing', 'polishing', 'surface-treatment', 'quality-check', 'packed']);
  });

  it('an order goes back to approved (a lens remade in the lab), never to shipped or delivered, nor where it is', async () => {
    const a = await approved(world, 1);
    const moved = await move([to(a, 'quality-check')]);
    const back = await move([{ ...to(a, 'approved'), version: moved.results[0]!.order!.version }]);
    expect(back.results[0]).toMatchObject({ ok: true, order: { stage: 'approved' } });
    const current = (await world.orders.get(a.orderId))!;
    const refused = await move([to(current, 'shipped')]);
    expect(refused.results[0]!.error).toEqual({ status: 'invalid-argument', message: STAGE_MESSAGES.shipping });
    expect((await move([to(current, 'delivered')])).results[0]!.ok).toBe(false);
    expect((await move([to(current, 'approved')])).results[0]!.error!.message).toBe(
      STAGE_MESSAGES.alreadyThere(current, 'Approved'),
    );
    expect((await move([to(current, 'engraving')])).results[0]!.error!.message).toBe(
      STAGE_MESSAGES.unknownStage('engraving'),
    );
  });

  it('an order that is not in production (submitted, or closed) does not move', async () => {
    const submitted = await place(world, 1);
    const shipped = await approved(world, 2);
    const closed = await changeOrderStatus(
      'close',
      lab,
      { orderId: shipped.orderId, version: shipped.version, invoiceNumber: 'INV-1' },
      world.deps,
    );
    const answer = await move([to(submitted, 'lathing'), to(closed, 'lathing')]);
    expect(answer.results.map((r) => r.error?.message)).toEqual([
      STAGE_MESSAGES.notInProduction(submitted),
      STAGE_MESSAGES.notInProduction(closed),
    ]);
    expect((await world.orders.get(closed.orderId))!.stage).toBe('shipped');
  });

  it('an unknown order is not-found; an unexpected failure is reported for its order while the others move', async () => {
    const a = await approved(world, 1);
    const b = await approved(world, 2);
    const get = world.orders.get.bind(world.orders);
    world.orders.get = async (id) => {
      if (id === b.orderId) throw new Error('network');
      return get(id);
    };
    const answer = await move([
      to(a, 'lathing'),
      to(b, 'lathing'),
      { orderId: '00000000-0000-4000-8000-000000000999', version: 0, to: 'lathing' },
    ]);
    expect(answer.results.map((r) => [r.ok, r.error?.status])).toEqual([
      [true, undefined],
      [false, 'unavailable'],
      [false, 'not-found'],
    ]);
  });

  it('a practice may not move stages, and the input takes 1 to 50 orders, each once', async () => {
    const a = await approved(world, 1);
    expect(await failureOf(move([to(a, 'lathing')], practice))).toMatchObject({ status: 'permission-denied' });
    const many = Array.from({ length: 51 }, (_, i) => ({
      orderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      version: 0,
      to: 'next',
    }));
    expect(moveOrderStagesInputSchema.safeParse({ moves: many }).success).toBe(false);
    expect(moveOrderStagesInputSchema.safeParse({ moves: [] }).success).toBe(false);
    expect(moveOrderStagesInputSchema.safeParse({ moves: [to(a, 'next'), to(a, 'lathing')] }).success).toBe(false);
  });
});
