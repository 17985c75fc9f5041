import './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_MESSAGES } from '../../core/messages';
import { addBusinessDays, orderLeadOf, promiseDates } from '../../core/rules/ship-date';
import { getRow, putLensDesign, putRow } from '../support/dynamo-rows';
import { approvedOrder as approved, outboxEmails, testAccountNumber, testOrderFields } from './helpers/order-flow';
import { handlerCaller } from '../support/handler-caller';
import { testDesign } from '../support/order-fakes';
import { uniqueTrackingNumber, withWrongCheckDigit } from '../support/tracking-fixtures';
import { labUser, practiceUser } from '../support/stack-users';
import * as approveOrder from '../../lambdas/handlers/orders/approve-order';
import * as getAdminDashboard from '../../lambdas/handlers/orders/get-admin-dashboard';
import * as getOrder from '../../lambdas/handlers/orders/get-order';
import * as listOrders from '../../lambdas/handlers/orders/list-orders';
import * as closeOrder from '../../lambdas/handlers/orders/close-order';
import * as getProductionSettings from '../../lambdas/handlers/orders/get-production-settings';
import * as moveOrderStages from '../../lambdas/handlers/orders/move-order-stages';
import * as recordOrderDelay from '../../lambdas/handlers/orders/record-order-delay';
import { dynamoOrdersRepository } from '../../lambdas/adapters/dynamo-orders-repository';
import { systemClock } from '../../lambdas/kernel/clock';
import { applyParcelEvent } from '../../lambdas/use-cases/orders/apply-parcel-event';
import * as submitOrder from '../../lambdas/handlers/orders/submit-order';
import * as updateProductionSettings from '../../lambdas/handlers/orders/update-production-settings';

/**
 * Production stages and the ship promise against the emulators
 * (docs/decisions/0100-production-stages-and-the-ship-promise.md). The settings item is the stack's own: a save
 * here writes back what it read, so the other files' promises are counted on the same calendar.
 */
const call = handlerCaller({
  getProductionSettings: getProductionSettings.handler,
  updateProductionSettings: updateProductionSettings.handler,
  submitOrder: submitOrder.handler,
  approveOrder: approveOrder.handler,
  getOrder: getOrder.handler,
  moveOrderStages: moveOrderStages.handler,
  closeOrder: closeOrder.handler,
  recordOrderDelay: recordOrderDelay.handler,
  listOrders: listOrders.handler,
  getAdminDashboard: getAdminDashboard.handler,
});

const LENS_ID = `it-stages-${randomUUID().slice(0, 8)}`;
const account = testAccountNumber;
const orderFields = () => testOrderFields(LENS_ID, 'express');

beforeAll(async () => {
  await putLensDesign({ ...testDesign({ lensId: LENS_ID }), leadDays: 4 });
});

const approvedOrder = (admin: string) => approved(admin, LENS_ID, { method: 'express' });

describe('production settings against the emulators', () => {
  it('a practice reads the settings; a super admin saves over the version read; a stale version is a 409', async () => {
    const { token } = await practiceUser(account());
    const read = await call('getProductionSettings', token);
    expect(read.status).toBe(200);
    const { stages, calendar, version } = read.body.result;
    expect(stages[0]).toEqual({ id: 'approved', label: expect.any(String) });

    const boss = await labUser(['admin', 'superadmin']);
    const saved = await call('updateProductionSettings', boss, { stages, calendar, version });
    expect(saved.status).toBe(200);
    expect(saved.body.result.version).toBe(version + 1);
    const stale = await call('updateProductionSettings', boss, { stages, calendar, version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CHANGED_MESSAGES.productionSettings);
    expect((await call('getProductionSettings', token)).body.result.version).toBe(version + 1);
  });

  it('an admin who is not a super admin cannot save them; a list the rules refuse is a 400 on `stages`', async () => {
    const admin = await labUser();
    const { stages, calendar, version } = (await call('getProductionSettings', admin)).body.result;
    expect((await call('updateProductionSettings', admin, { stages, calendar, version })).status).toBe(403);
    const boss = await labUser(['admin', 'superadmin']);
    const bad = await call('updateProductionSettings', boss, {
      stages: [...stages, { id: 'lathing-again', label: 'LATHING' }],
      calendar,
      version,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fieldErrors.stages).toContain('Two stages are called "LATHING".');
    expect((await call('getProductionSettings', admin)).body.result.version).toBe(version);
  });
});

describe('the promise at submit against the emulators', () => {
  it('the stored order carries the promise counted from its submit instant, and approval sets the first stage', async () => {
    const admin = await labUser();
    const { calendar } = (await call('getProductionSettings', admin)).body.result;
    const { orderId, token } = await approvedOrder(admin);
    const stored = await getRow('orders', { orderId });
    const expected = promiseDates({
      placedAt: new Date(stored!['submittedAt'] as string),
      ...orderLeadOf([{ design: { type: 'scleral', leadDays: 4 }, parameters: {} }]),
      method: 'express',
      calendar,
    });
    expect(stored).toMatchObject({
      stage: 'approved',
      promise: {
        shipBy: expected.shipBy,
        arriveBy: expected.arriveBy,
        method: 'express',
        firstShipBy: expected.shipBy,
      },
    });
    const seen = await call('getOrder', token, { orderId });
    expect(seen.body.result.promise.shipBy).toBe(expected.shipBy);
    expect(seen.body.result.lines[0].design.leadDays).toBe(4);
  });
});

describe('bulk stage moves against the emulators', () => {
  it('three orders moved at once, one read at an older version: that one is refused, the two others move', async () => {
    const admin = await labUser();
    const orders = await Promise.all([approvedOrder(admin), approvedOrder(admin), approvedOrder(admin)]);
    const [a, b, c] = orders.map((o) => o.order);
    const answer = await call('moveOrderStages', admin, {
      moves: [
        { orderId: a.orderId, version: a.version, to: 'next' },
        { orderId: b.orderId, version: b.version - 1, to: 'polishing' },
        { orderId: c.orderId, version: c.version, to: 'polishing' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ moved: 2, refused: 1 });
    expect(answer.body.result.results[1]).toEqual({
      orderId: b.orderId,
      ok: false,
      error: { status: 'aborted', message: CHANGED_MESSAGES.order },
    });
    expect(await getRow('orders', { orderId: a.orderId })).toMatchObject({ stage: 'lathing', version: a.version + 1 });
    expect(await getRow('orders', { orderId: b.orderId })).toMatchObject({ stage: 'approved', version: b.version });
    expect(await getRow('orders', { orderId: c.orderId })).toMatchObject({ stage: 'polishing' });
    // The practice sees the stage on its order, with the lab named as the lab.
    const seen = await call('getOrder', orders[0]!.token, { orderId: a.orderId });
    expect(seen.body.result.history.at(-1)).toMatchObject({
      action: 'stage',
      stage: 'lathing',
      by: { name: 'Lenslab' },
    });
  });

  it('a closed order is refused, and a practice may not move stages at all', async () => {
    const admin = await labUser();
    const { order, token } = await approvedOrder(admin);
    const closed = await call('closeOrder', admin, {
      orderId: order.orderId,
      version: order.version,
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      noTracking: true,
    });
    expect(closed.status).toBe(200);
    const moves = [{ orderId: order.orderId, version: closed.body.result.version, to: 'lathing' }];
    const answer = await call('moveOrderStages', admin, { moves });
    expect(answer.body.result.results[0]).toMatchObject({ ok: false, error: { status: 'aborted' } });
    expect(await getRow('orders', { orderId: order.orderId })).toMatchObject({ status: 'closed', stage: 'shipped' });
    expect((await call('moveOrderStages', token, { moves })).status).toBe(403);
  });
});

describe('delays against the emulators', () => {
  it('a delay moves the promise, stores the order-delayed email with it, and the practice reads the reason', async () => {
    const admin = await labUser();
    const { order, token } = await approvedOrder(admin);
    const { calendar } = (await call('getProductionSettings', admin)).body.result;
    // Ten business days after the promised day: a business day, never before today.
    const shipBy = addBusinessDays(order.promise.shipBy, 10, calendar);
    const reason = `A repair part is late ${randomUUID().slice(0, 6)}`;
    const res = await call('recordOrderDelay', admin, {
      orderId: order.orderId,
      version: order.version,
      reason,
      shipBy,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.promise).toMatchObject({ shipBy, firstShipBy: order.promise.shipBy });
    const emails = await outboxEmails(order.orderId, 'order-delayed');
    expect(emails).toHaveLength(1);
    expect(emails[0]!['notice']).toMatchObject({ order: { promise: { shipBy } } });
    const seen = await call('getOrder', token, { orderId: order.orderId });
    expect(seen.body.result.delays).toEqual([
      expect.objectContaining({ reason, previousShipBy: order.promise.shipBy, shipBy }),
    ]);
    expect(seen.body.result.history.at(-1)).toMatchObject({ action: 'delay', note: reason, by: { name: 'Lenslab' } });
  });

  it('a weekend day is a 400 on shipBy and changes nothing; a practice may not record a delay', async () => {
    const admin = await labUser();
    const { order, token } = await approvedOrder(admin);
    let saturday = order.promise.shipBy as string;
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6)
      saturday = new Date(Date.parse(`${saturday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const input = { orderId: order.orderId, version: order.version, reason: 'Late', shipBy: saturday };
    const res = await call('recordOrderDelay', admin, input);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual(['shipBy']);
    expect((await call('recordOrderDelay', token, input)).status).toBe(403);
    expect(await getRow('orders', { orderId: order.orderId })).toMatchObject({ version: order.version });
    expect(await outboxEmails(order.orderId, 'order-delayed')).toEqual([]);
  });
});

describe('shipping with parcels against the emulators', () => {
  const closeInput = (order: { orderId: string; version: number }, extra: object) => ({
    orderId: order.orderId,
    version: order.version,
    invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
    ...extra,
  });

  it('a close with a UPS and a USPS parcel stores both, indexes both numbers and counts the shipped day', async () => {
    const admin = await labUser();
    const { order, token } = await approvedOrder(admin);
    const [ups, usps] = [uniqueTrackingNumber('ups'), uniqueTrackingNumber('usps')];
    const res = await call(
      'closeOrder',
      admin,
      closeInput(order, { parcels: [{ carrier: 'ups', trackingNumber: ups }, { trackingNumber: usps }] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await getRow('orders', { orderId: order.orderId });
    expect(stored).toMatchObject({
      status: 'closed',
      stage: 'shipped',
      parcels: [
        { parcelId: '1', carrier: 'ups', trackingNumber: ups, status: 'pre-transit' },
        { parcelId: '2', carrier: 'usps', trackingNumber: usps, status: 'pre-transit' },
      ],
    });
    const shippedOn = stored!['shippedOn'] as string;
    expect(shippedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await getRow('counters', { counter: `parcel#usps#${usps}` })).toMatchObject({
      orderId: order.orderId,
      parcelId: '2',
    });
    expect((await getRow('counters', { counter: `shipped#${shippedOn}` }))?.['value']).toBeGreaterThan(0);
    const emails = await outboxEmails(order.orderId, 'order-closed');
    expect(emails[0]!['notice']).toMatchObject({
      order: { parcels: [{ trackingNumber: ups }, { trackingNumber: usps }] },
    });
    expect((await call('getOrder', token, { orderId: order.orderId })).body.result.parcels).toHaveLength(2);
  });

  it('a bad check digit is a 400 on its parcel and nothing changes: no order, invoice, index or email', async () => {
    const admin = await labUser();
    const { order } = await approvedOrder(admin);
    const good = uniqueTrackingNumber('usps');
    const input = closeInput(order, {
      parcels: [
        { trackingNumber: good },
        { carrier: 'ups', trackingNumber: withWrongCheckDigit(uniqueTrackingNumber('ups')) },
      ],
    });
    const res = await call('closeOrder', admin, input);
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors).toEqual({
      'parcels.1.trackingNumber': ['The check digit does not match: please check the number'],
    });
    expect(await getRow('orders', { orderId: order.orderId })).toMatchObject({
      status: 'approved',
      version: order.version,
    });
    expect(await getRow('invoices', { invoiceNumber: input.invoiceNumber })).toBeUndefined();
    expect(await getRow('counters', { counter: `parcel#usps#${good}` })).toBeUndefined();
    expect(await outboxEmails(order.orderId, 'order-closed')).toEqual([]);
  });

  it('a close with neither parcels nor "No tracking" is refused with the message; the same number twice across orders is refused', async () => {
    const admin = await labUser();
    const { order } = await approvedOrder(admin);
    const neither = await call('closeOrder', admin, closeInput(order, {}));
    expect(neither.status).toBe(400);
    expect(neither.body.error.details.fieldErrors.parcels).toEqual([
      'Add the tracking number of each parcel, or choose "No tracking" (hand delivery or the lab\'s courier).',
    ]);
    const number = uniqueTrackingNumber('fedex');
    expect((await call('closeOrder', admin, closeInput(order, { parcels: [{ trackingNumber: number }] }))).status).toBe(
      200,
    );
    const other = (await approvedOrder(admin)).order;
    const reused = await call('closeOrder', admin, closeInput(other, { parcels: [{ trackingNumber: number }] }));
    expect(reused.status).toBe(400);
    expect(reused.body.error.details.fieldErrors['parcels.0.trackingNumber'][0]).toMatch(
      /^This tracking number was shipped with order LL-/,
    );
    expect(await getRow('orders', { orderId: other.orderId })).toMatchObject({ status: 'approved' });
  });
});

describe('carrier events against the emulators', () => {
  it('applies each event once, ignores a stale one and an unknown number, and delivers the order with its last parcel', async () => {
    const admin = await labUser();
    const { order } = await approvedOrder(admin);
    const [ups, usps] = [uniqueTrackingNumber('ups'), uniqueTrackingNumber('usps')];
    const closed = await call('closeOrder', admin, {
      orderId: order.orderId,
      version: order.version,
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      parcels: [{ trackingNumber: ups }, { trackingNumber: usps }],
    });
    expect(closed.status).toBe(200);
    const deps = { ...systemClock, orders: dynamoOrdersRepository() };
    const event = (
      eventId: string,
      carrier: 'ups' | 'usps',
      status: 'in-transit' | 'delivered',
      occurredAt: string,
    ) => ({
      eventId: `${eventId}-${randomUUID()}`,
      trackerId: `trk-${carrier}`,
      carrier,
      trackingNumber: carrier === 'ups' ? ups : usps,
      status,
      occurredAt,
      description: status === 'delivered' ? 'Delivered, front door' : 'Arrived at facility',
    });

    const moving = event('a', 'ups', 'in-transit', '2026-12-08T10:00:00.000Z');
    expect(await applyParcelEvent(moving, deps)).toMatchObject({ outcome: 'applied', delivered: false });
    expect(await applyParcelEvent(moving, deps)).toEqual({ outcome: 'ignored', reason: 'replay' });
    const delivered = event('b', 'ups', 'delivered', '2026-12-09T10:00:00.000Z');
    expect(await applyParcelEvent(delivered, deps)).toMatchObject({ outcome: 'applied' });
    const late = event('c', 'ups', 'in-transit', '2026-12-08T12:00:00.000Z');
    expect(await applyParcelEvent(late, deps)).toEqual({ outcome: 'ignored', reason: 'stale' });
    const unknown = { ...late, eventId: randomUUID(), trackingNumber: uniqueTrackingNumber('ups') };
    expect(await applyParcelEvent(unknown, deps)).toEqual({ outcome: 'ignored', reason: 'unknown-number' });
    expect((await getRow('orders', { orderId: order.orderId }))!['stage']).toBe('shipped');

    const last = event('d', 'usps', 'delivered', '2026-12-09T15:00:00.000Z');
    expect(await applyParcelEvent(last, deps)).toMatchObject({ outcome: 'applied', delivered: true });
    const stored = await getRow('orders', { orderId: order.orderId });
    expect(stored).toMatchObject({
      status: 'closed',
      stage: 'delivered',
      deliveredAt: '2026-12-09T15:00:00.000Z',
      // The tracker id is the registration's (the stack's outbox registers each parcel at the close) or, when the
      // event came first, the event's: either way one is kept.
      parcels: [
        { status: 'delivered', trackerId: expect.any(String), lastEvent: 'Delivered, front door' },
        { status: 'delivered', trackerId: expect.any(String) },
      ],
    });
    expect((stored!['history'] as { action: string }[]).filter((h) => h.action === 'deliver')).toHaveLength(1);
  });
});

describe("the lab's queue and dashboard against the emulators", () => {
  it('sorted by ship date the byShipBy index answers the soonest first, each with its promise state', async () => {
    const admin = await labUser();
    const slowLens = `it-slow-${randomUUID().slice(0, 8)}`;
    await putLensDesign({ ...testDesign({ lensId: slowLens }), leadDays: 12 });
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const patient = `Queue ${randomUUID().slice(0, 8)}`;
    const place = async (lensId: string) => {
      const fields = { ...orderFields(), patient, lines: [{ ...orderFields().lines[0]!, lensId }] };
      const placed = await call('submitOrder', token, { orderId: randomUUID(), accountNumber, order: fields });
      const done = await call('approveOrder', admin, {
        orderId: placed.body.result.orderId,
        version: placed.body.result.version,
      });
      return done.body.result as { orderId: string; promise: { shipBy: string } };
    };
    const slow = await place(slowLens);
    const fast = await place(LENS_ID);
    expect(fast.promise.shipBy < slow.promise.shipBy).toBe(true);
    const list = async (sort: string) =>
      (await call('listOrders', admin, { status: 'approved', search: patient, sort, limit: 100 })).body.result
        .items as {
        orderId: string;
        promiseState: string;
        stage: string;
      }[];
    expect((await list('oldest')).map((o) => o.orderId)).toEqual([slow.orderId, fast.orderId]);
    const byShipBy = await list('shipBy');
    expect(byShipBy.map((o) => o.orderId)).toEqual([fast.orderId, slow.orderId]);
    expect(byShipBy[1]).toMatchObject({ stage: 'approved', promiseState: 'on-time' });
  });

  it("the dashboard's on-time record sums the days' counters the closes wrote", async () => {
    const admin = await labUser();
    const { order } = await approvedOrder(admin);
    const closed = await call('closeOrder', admin, {
      orderId: order.orderId,
      version: order.version,
      invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
      noTracking: true,
    });
    expect(closed.status).toBe(200);
    const { onTime } = (await call('getAdminDashboard', admin)).body.result;
    expect(onTime.last30.shipped).toBeGreaterThan(0);
    expect(onTime.last30.onTime).toBeGreaterThan(0);
    expect(onTime.last90.shipped).toBeGreaterThanOrEqual(onTime.last30.shipped);
    expect(onTime.last30.rate).toBe(onTime.last30.onTime / onTime.last30.shipped);
  });
});

describe('the ship guarantee against the emulators', () => {
  it('a close past the guaranteed day grants the credit in its own transaction: ledger entry, balance, invoice', async () => {
    const admin = await labUser();
    const lensId = `it-guarantee-${randomUUID().slice(0, 8)}`;
    await putLensDesign({
      ...testDesign({ lensId }),
      shipGuarantee: { businessDays: 2, remedy: 'credit', creditCents: 7_500 },
    });
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const orderId = randomUUID();
    const fields = { ...orderFields(), lines: [{ ...orderFields().lines[0]!, lensId }] };
    const placed = await call('submitOrder', token, { orderId, accountNumber, order: fields });
    const approved = await call('approveOrder', admin, { orderId, version: placed.body.result.version });
    expect(approved.body.result.lines[0].design.shipGuarantee).toEqual({
      businessDays: 2,
      remedy: 'credit',
      creditCents: 7_500,
    });
    // Placed a month ago: the guaranteed day is long past.
    const stored = (await getRow('orders', { orderId }))!;
    await putRow('orders', { ...stored, submittedAt: new Date(Date.now() - 30 * 86_400_000).toISOString() });

    const invoiceNumber = `INV-${randomUUID().slice(0, 8).toUpperCase()}`;
    const closed = await call('closeOrder', admin, {
      orderId,
      version: approved.body.result.version,
      invoiceNumber,
      noTracking: true,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result.guaranteeApplied).toEqual([
      expect.objectContaining({ eye: 'OD', remedy: 'credit', creditCents: 7_500 }),
    ]);
    expect(await getRow('creditLedger', { accountNumber, sk: 'balance' })).toMatchObject({
      availableCents: 7_500,
      version: 1,
    });
    expect(await getRow('creditLedger', { accountNumber, sk: `id#ship-guarantee-${orderId}-OD` })).toMatchObject({
      reason: 'ship-guarantee',
      amountCents: 7_500,
      orderId,
    });
    expect(await getRow('invoices', { invoiceNumber })).toMatchObject({ orderIds: [orderId] });
  });
});
