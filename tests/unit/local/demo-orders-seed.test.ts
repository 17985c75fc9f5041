import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../core/rules/order-lifecycle';
import { localDay, promiseState } from '../../../core/rules/ship-date';
import { checkTrackingNumber } from '../../../core/rules/tracking-numbers';
import { DEFAULT_PRODUCTION_SETTINGS } from '../../../core/schemas/production-settings';
import { orderIdSchema, submitOrderInputSchema, type Order } from '../../../core/schemas/orders';
import { counterNames, weekStartOf } from '../../../lambdas/ports/orders-repository';
import { submitOrder } from '../../../lambdas/use-cases/orders/submit-order';
import { DEMO_ORDERS, seedDemoOrders, type DemoOrderDeps } from '../../../local/seed/demo-orders';
import { identity } from '../../support/identities';
import { DEMO_IDS, demoDirectory } from '../../support/demo-directory';
import type { InMemoryLensCatalogue } from '../../support/lens-fakes';
import { InMemoryOrders, quietOrderPorts } from '../../support/order-fakes';

const NOW = new Date('2025-06-18T12:30:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const ids = DEMO_IDS;
const OLDER_ORDERS = ['Marcus Bell', 'Grace Okafor', 'Daniel Reyes', 'Priya Raman'];

let deps: DemoOrderDeps & { orders: InMemoryOrders; lenses: InMemoryLensCatalogue };
let warnings: string[];

beforeEach(() => {
  const { users, customers, lenses } = demoDirectory(NOW);
  deps = { orders: new InMemoryOrders(), users, customers, lenses };
  warnings = [];
});

const seed = () => seedDemoOrders(deps, ids, { now: NOW, warn: (m) => warnings.push(m) });
const stored = () => [...deps.orders.rows.values()];
const byStatus = (status: Order['status']) => stored().filter((o) => o.status === status);

describe('demo orders seed (npm start shows a portal in use)', () => {
  it('has fixed, valid and distinct order ids (what makes a restart skip them)', () => {
    const orderIds = DEMO_ORDERS.map((o) => o.orderId);
    for (const id of orderIds) expect(orderIdSchema.safeParse(id).success, id).toBe(true);
    expect(new Set(orderIds).size).toBe(orderIds.length);
  });

  it('places every demo order through the use cases: every status, ~8 for Brightview and 3 for Harbor Vision', async () => {
    const result = await seed();
    expect(warnings).toEqual([]);
    expect(result.created).toHaveLength(DEMO_ORDERS.length);
    for (const status of ORDER_STATUSES) expect(byStatus(status).length, status).toBeGreaterThan(0);
    const brightview = stored().filter((o) => o.accountNumber.startsWith('BV-'));
    const harbor = stored().filter((o) => o.accountNumber.startsWith('HV-'));
    expect(brightview.length).toBeGreaterThanOrEqual(8);
    expect(harbor).toHaveLength(3);
    for (const o of brightview) expect(o.createdBy.userId).toBe(ids.customer.userId);
    for (const o of harbor) expect(o.createdBy.userId).toBe(ids.secondPractice.userId);
  });

  it('numbers the orders in the order they were submitted, with the dates over the last six weeks (older shipped orders for Lens Credit and the on-time rate), all in the past', async () => {
    await seed();
    const placed = stored()
      .filter((o) => o.submittedAt)
      .sort((a, b) => a.submittedAt!.localeCompare(b.submittedAt!));
    expect(placed.map((o) => o.orderNumber)).toEqual(placed.map((_, i) => `LL-${String(i + 1).padStart(6, '0')}`));
    for (const o of stored()) {
      for (const at of [o.createdAt, o.statusAt, ...o.history.map((h) => h.at)]) {
        expect(Date.parse(at)).toBeLessThan(NOW.getTime());
        // Older orders: one shipped long ago so that Lens Credit has a lens whose warranty ends soon, and three
        // months of shipped orders behind the dashboard's on-time rate.
        const oldest = OLDER_ORDERS.includes(o.patient) ? 120 : 6 * 7;
        expect(Date.parse(at)).toBeGreaterThan(NOW.getTime() - oldest * DAY_MS);
      }
      const times = o.history.map((h) => h.at);
      expect(times).toEqual([...times].sort());
    }
    // The dashboard's orders-per-week chart has bars in most of the last six weeks.
    const weeks = new Set(placed.map((o) => weekStartOf(o.submittedAt!)));
    expect(weeks.size).toBeGreaterThanOrEqual(5);
  });

  it('keeps the counters the dashboards read equal to the orders stored', async () => {
    await seed();
    const counters = deps.orders.counterValues;
    for (const status of ORDER_STATUSES.filter((s) => s !== 'draft'))
      expect(counters.get(counterNames.status(status)) ?? 0, status).toBe(byStatus(status).length);
    const placed = stored().filter((o) => o.submittedAt);
    expect(counters.get(counterNames.sequence)).toBe(placed.length);
    for (const account of new Set(placed.map((o) => o.accountNumber)))
      expect(counters.get(counterNames.account(account))).toBe(
        placed.filter((o) => o.accountNumber === account).length,
      );
  });

  it('records the lab steps as the demo admin and the cancellation as the practice, with the messages shown', async () => {
    await seed();
    for (const o of stored()) {
      for (const h of o.history.slice(1)) {
        // Delivery is the carrier's word (its events), not a person's.
        if (h.by.userId.startsWith('carrier:')) continue;
        const lab = h.by.actor === 'lab';
        expect(h.by.userId).toBe(lab ? ids.admin.userId : o.createdBy.userId);
        expect(lab).toBe(h.action !== 'cancel');
      }
    }
    expect(byStatus('on-hold')[0]!.holdMessage).toMatch(/\?$/);
    expect(byStatus('rejected')[0]!.rejectReason).toBeTruthy();
    for (const o of byStatus('closed')) expect(o.invoiceNumber).toMatch(/^INV-\d+$/);
    // The oldest waiting order is a couple of days old, not weeks.
    const waiting = byStatus('submitted').map((o) => NOW.getTime() - Date.parse(o.statusAt));
    expect(Math.max(...waiting)).toBeLessThan(4 * DAY_MS);
    expect(byStatus('draft')[0]!.createdBy.userId).toBe(ids.customer.userId);
  });

  it('shows production at once: orders at work stages, one delayed with its reason, one in transit, delivered ones, one late, and three months of shipped orders behind the on-time rate', async () => {
    await seed();
    const calendar = DEFAULT_PRODUCTION_SETTINGS.calendar;
    const today = localDay(NOW, calendar.timeZone);
    const inProduction = byStatus('approved');
    expect(new Set(inProduction.map((o) => o.stage)).size).toBeGreaterThanOrEqual(2);
    const delayed = inProduction.filter((o) => (o.delays ?? []).length > 0);
    expect(delayed.map((o) => o.delays![0]!.reason)).toEqual([expect.stringMatching(/chip at polishing/)]);
    expect(
      inProduction.filter((o) => o.promise && promiseState({ shipBy: o.promise.shipBy, today, calendar }) === 'late'),
    ).not.toHaveLength(0);

    const parcels = byStatus('closed').flatMap((o) => o.parcels ?? []);
    for (const parcel of parcels) expect(checkTrackingNumber(parcel.carrier, parcel.trackingNumber).ok).toBe(true);
    expect(parcels.filter((p) => p.status === 'in-transit')).toHaveLength(1);
    expect(parcels.filter((p) => p.status === 'delivered').length).toBeGreaterThanOrEqual(4);
    expect(byStatus('closed').filter((o) => o.stage === 'delivered').length).toBeGreaterThanOrEqual(4);

    const since = localDay(new Date(NOW.getTime() - 90 * DAY_MS), calendar.timeZone);
    const shipped = byStatus('closed').filter((o) => o.promise && o.shippedOn && o.shippedOn >= since);
    expect(shipped.length).toBeGreaterThanOrEqual(5);
    const late = shipped.filter((o) => o.shippedOn! > o.promise!.firstShipBy);
    expect(late.length).toBeGreaterThanOrEqual(1);
    expect(late.length).toBeLessThan(shipped.length / 2);
  });

  it('leaves one shipped order inside its warranty, so a warranty remake can be placed from it', async () => {
    await seed();
    const recent = byStatus('closed').sort((a, b) => b.statusAt.localeCompare(a.statusAt))[0]!;
    const practice = identity(['customer'], { userId: ids.customer.userId, email: ids.customer.email });
    const remake = await submitOrder(
      practice,
      submitOrderInputSchema.parse({
        orderId: '00000000-0000-4000-8000-000000000001',
        accountNumber: recent.accountNumber,
        order: {
          patient: recent.patient,
          lines: recent.lines.map(({ eye, lensId, parameters, quantity }) => ({ eye, lensId, parameters, quantity })),
          shipping: recent.shipping,
          remake: { kind: 'warranty', ofOrderId: recent.orderId },
        },
      }),
      { ...quietOrderPorts(), ...deps, now: () => NOW, sleep: async () => {} },
    );
    expect(remake.remake).toMatchObject({ kind: 'warranty', ofOrderNumber: recent.orderNumber });
  });

  it('a restart creates nothing, writes nothing and leaves an order the demo users changed since as it is', async () => {
    await seed();
    const writes = deps.orders.writes.length;
    const counters = new Map(deps.orders.counterValues);
    const queued = byStatus('submitted')[0]!;
    deps.orders.rows.set(queued.orderId, { ...queued, status: 'approved', version: queued.version + 1 });

    const again = await seed();
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(DEMO_ORDERS.length);
    expect(deps.orders.writes).toHaveLength(writes);
    expect(deps.orders.counterValues).toEqual(counters);
    expect(deps.orders.rows.get(queued.orderId)!.status).toBe('approved');
  });

  it('stores no email in the outbox (seeding must not fill the dev mailbox)', async () => {
    await seed();
    expect(stored()).toHaveLength(DEMO_ORDERS.length);
    expect(deps.orders.writes.length).toBeGreaterThan(DEMO_ORDERS.length);
    expect(deps.orders.writes.filter((w) => w.notices)).toEqual([]);
    expect(deps.orders.outbox.messages()).toEqual([]);
  });

  it('an order the use cases refuse (its design deactivated) is reported and the others are still seeded', async () => {
    const hybrid = deps.lenses.rows.get('hybrid-clarity')!;
    deps.lenses.rows.set('hybrid-clarity', { ...hybrid, active: false });
    const result = await seed();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Demo order for Sofia Marchetti not seeded: .*lens parameters are not valid/);
    expect(result.created).toHaveLength(DEMO_ORDERS.length - 1);
  });
});
