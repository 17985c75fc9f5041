import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGED_MESSAGES } from '../../../../core/messages';
import { DEFAULT_PRODUCTION_STAGES } from '../../../../core/rules/production-stages';
import { DEFAULT_SHIPPING_CALENDAR, promiseDates } from '../../../../core/rules/ship-date';
import { createLensDesignInputSchema } from '../../../../core/schemas/lenses';
import { updateProductionSettingsInputSchema } from '../../../../core/schemas/production-settings';
import { orderEmailValues } from '../../../../lambdas/email/order-email-values';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import {
  getProductionSettings,
  updateProductionSettings,
} from '../../../../lambdas/use-cases/orders/production-settings';
import { failureOf } from '../../../support/failure-of';
import {
  approved,
  lab,
  orderFields,
  place,
  practice,
  stagesWorld,
  TUESDAY_MORNING,
  type StagesWorld,
} from './stages-fixture';

let world: StagesWorld;
beforeEach(() => {
  world = stagesWorld();
});

const settingsInput = (overrides: object = {}) =>
  updateProductionSettingsInputSchema.parse({
    stages: DEFAULT_PRODUCTION_STAGES,
    calendar: DEFAULT_SHIPPING_CALENDAR,
    version: 0,
    ...overrides,
  });

describe('production settings (docs/decisions/0100-production-stages-and-the-ship-promise.md)', () => {
  it('answers the default stages and calendar at version 0 until a super admin saves', async () => {
    expect(await getProductionSettings(world.deps)).toEqual({
      stages: DEFAULT_PRODUCTION_STAGES,
      calendar: DEFAULT_SHIPPING_CALENDAR,
      version: 0,
    });
  });

  it('a save tidies the list (a new stage gets an id from its label, fixed stages back in place) and is audited', async () => {
    const saved = await updateProductionSettings(
      settingsInput({
        stages: [{ label: 'Lathing', id: 'lathing' }, { label: 'Hand finishing' }],
        calendar: { ...DEFAULT_SHIPPING_CALENDAR, cutoffHour: 15, timeZone: 'america/chicago' },
      }),
      world.deps,
    );
    expect(saved.version).toBe(1);
    expect(saved.stages.map((s) => s.id)).toEqual(['approved', 'lathing', 'hand-finishing', 'shipped', 'delivered']);
    expect(saved.calendar).toMatchObject({ cutoffHour: 15, timeZone: 'America/Chicago' });
    expect(await getProductionSettings(world.deps)).toEqual(saved);
    expect(world.changes).toEqual([expect.objectContaining({ action: 'production-settings.update' })]);
  });

  it("a stage list the rules refuse is a 400 with the rules' words on `stages`, and nothing is saved", async () => {
    const failure = await failureOf(
      updateProductionSettings(
        settingsInput({
          stages: [
            { id: 'lathing', label: 'Lathing' },
            { id: 'lathing-2', label: 'lathing' },
          ],
        }),
        world.deps,
      ),
    );
    expect(failure).toMatchObject({
      status: 'invalid-argument',
      message: 'Two stages are called "lathing".',
      details: { fieldErrors: { stages: ['Two stages are called "lathing".'] } },
    });
    expect((await getProductionSettings(world.deps)).version).toBe(0);
  });

  it('a save over a version someone else replaced is refused with the reload message', async () => {
    await updateProductionSettings(settingsInput(), world.deps);
    expect(await failureOf(updateProductionSettings(settingsInput(), world.deps))).toMatchObject({
      status: 'aborted',
      message: CHANGED_MESSAGES.productionSettings,
    });
  });
});

describe('the ship promise at submit', () => {
  it('is counted from the submit instant on the lab calendar: start day + the design lead, + transit', async () => {
    const order = await place(world, 1);
    const expected = promiseDates({
      placedAt: TUESDAY_MORNING,
      leadDays: 5,
      surfaceTreatments: 0,
      method: 'standard',
      calendar: DEFAULT_SHIPPING_CALENDAR,
    });
    expect(order.promise).toEqual({
      shipBy: expected.shipBy,
      arriveBy: expected.arriveBy,
      method: 'standard',
      promisedAt: TUESDAY_MORNING.toISOString(),
      firstShipBy: expected.shipBy,
    });
    expect(order.promise).toMatchObject({ shipBy: '2026-12-08', arriveBy: '2026-12-11' });
  });

  it('a design takes a lead of 1 to 60 whole business days, or none (its type default)', () => {
    const {
      lensId: _id,
      version: _v,
      createdAt: _c,
      updatedAt: _u,
      ...design
    } = world.lenses.rows.get('scleral-test')!;
    const parse = (leadDays?: number) => createLensDesignInputSchema.safeParse({ ...design, leadDays });
    for (const ok of [undefined, 1, 60]) expect(parse(ok).success).toBe(true);
    for (const bad of [0, 61, 1.5])
      expect(parse(bad).error?.issues[0]?.message).toBe('Lead time is a whole number of business days from 1 to 60');
  });

  it("takes the design's own lead, snapshotted on the line, and a day more for a surface treatment", async () => {
    world.lenses.rows.get('scleral-test')!.leadDays = 8;
    const plain = await place(world, 1);
    expect(plain.lines[0]!.design.leadDays).toBe(8);
    const treated = await place(
      world,
      2,
      orderFields({
        lines: [
          {
            eye: 'OD',
            lensId: 'scleral-test',
            parameters: { sphere: -2.5, diameter: 16.5, surfaceTreatment: 'plasma' },
            quantity: 1,
          },
        ],
      }),
    );
    // Tuesday + 8 business days is Friday 2026-12-11; the treatment makes it Monday 2026-12-14.
    expect(plain.promise?.shipBy).toBe('2026-12-11');
    expect(treated.promise?.shipBy).toBe('2026-12-14');
  });

  it('after the cut-off work starts the next business day, and the lab calendar decides it', async () => {
    world.clock.now = new Date('2026-12-01T22:00:00.000Z'); // 5 pm in New York
    expect((await place(world, 1)).promise?.shipBy).toBe('2026-12-09');
    world.production.stored = {
      stages: [...DEFAULT_PRODUCTION_STAGES],
      calendar: { ...DEFAULT_SHIPPING_CALENDAR, cutoffHour: 18 },
      version: 1,
    };
    expect((await place(world, 2)).promise?.shipBy).toBe('2026-12-08');
  });

  it('approval puts the order at its first stage, with the stage on the timeline entry', async () => {
    const order = await approved(world, 1);
    expect(order).toMatchObject({ status: 'approved', stage: 'approved', stageAt: TUESDAY_MORNING.toISOString() });
    expect(order.history.at(-1)).toMatchObject({ action: 'approve', stage: 'approved' });
  });

  it('a hold takes the order out of its stage; answering it counts the promise again and keeps firstShipBy', async () => {
    const order = await approved(world, 1);
    const held = await changeOrderStatus(
      'hold',
      lab,
      { orderId: order.orderId, version: order.version, note: 'Need topography' },
      world.deps,
    );
    expect(held.stage).toBeUndefined();
    world.clock.now = new Date('2026-12-07T14:00:00.000Z'); // the next Monday
    const answered = await changeOrderStatus(
      'resubmit',
      practice,
      { orderId: order.orderId, version: held.version, note: 'Sent' },
      world.deps,
    );
    expect(answered.promise).toMatchObject({
      shipBy: '2026-12-14',
      firstShipBy: '2026-12-08',
      promisedAt: '2026-12-07T14:00:00.000Z',
    });
  });

  it('the acknowledgement and the approval email state the promise for people', async () => {
    const order = await approved(world, 1);
    for (const kind of ['order-submitted', 'order-approved'] as const)
      expect(orderEmailValues(kind, order, { portalUrl: null })).toMatchObject({
        shipBy: 'Tuesday, December 8, 2026',
        arriveBy: 'Friday, December 11, 2026',
      });
    const { promise: _promise, ...older } = order;
    expect(orderEmailValues('order-submitted', older, { portalUrl: null }).shipBy).toBe('to be confirmed');
  });
});
