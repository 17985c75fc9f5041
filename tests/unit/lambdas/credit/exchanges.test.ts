import { beforeEach, describe, expect, it } from 'vitest';
import { submitOrderInputSchema } from '../../../../core/schemas/order';
import { counterNames } from '../../../../lambdas/ports/orders-repository';
import { getCreditSummary } from '../../../../lambdas/use-cases/credit/get-credit-summary';
import type { OrderDeps } from '../../../../lambdas/use-cases/orders/order-common';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { testDesign, quietOrderPorts } from '../../../support/order-fakes';
import {
  A,
  creditFixture,
  lab,
  practice,
  refusal,
  uuid,
  type CreditFixture,
  type ShippedOrderOptions,
} from './credit-fixture';

/**
 * Exchanges counted against the policy: a warranty remake is an exchange of each eye it
 * remakes, counted per original order and eye in the counters table in the submit transaction.
 */
let f: CreditFixture;
let orderDeps: OrderDeps;
beforeEach(() => {
  f = creditFixture();
  const lenses = new InMemoryLensCatalogue();
  lenses.rows.set('scleral-test', testDesign());
  orderDeps = {
    ...quietOrderPorts(),
    orders: f.deps.orders,
    users: f.deps.users,
    customers: f.deps.customers,
    lenses,
    now: () => f.clock.now,
    sleep: async () => {},
  };
});

const lineFor = (eye: 'OD' | 'OS') => ({
  eye,
  lensId: 'scleral-test',
  parameters: { sphere: -3, diameter: 16.5 },
  quantity: 1,
});

const remake = (n: number, eyes: ('OD' | 'OS')[], kind: 'warranty' | 'reorder' = 'warranty', of = 1) =>
  submitOrder(
    practice,
    submitOrderInputSchema.parse({
      orderId: uuid(200 + n),
      accountNumber: A,
      order: {
        patient: 'Patient 1',
        lines: eyes.map(lineFor),
        shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
        remake: { kind, ofOrderId: uuid(of) },
      },
    }),
    orderDeps,
  );

const original = (options: ShippedOrderOptions = {}) => f.shippedOrder(1, { eyes: ['OD', 'OS'], ...options });
const used = (eye: 'OD' | 'OS') => f.deps.orders.counterValues.get(counterNames.exchanges(uuid(1), eye)) ?? 0;

describe('warranty remakes count against the policy of the original line', () => {
  it('one exchange per eye: the first is placed and counted, the second is refused saying why', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    const first = await remake(1, ['OD']);
    expect(first.remake).toMatchObject({ kind: 'warranty', ofOrderNumber: 'LL-000001' });
    expect(used('OD')).toBe(1);
    expect(await refusal(remake(2, ['OD']))).toEqual({
      status: 'invalid-argument',
      message: 'The OD lens of order LL-000001 has used its 1 exchange allowed under its warranty.',
    });
    expect(used('OD')).toBe(1);
    expect(f.deps.orders.rows.has(uuid(202))).toBe(false);
    // The other eye is counted on its own.
    await remake(3, ['OS']);
    expect(used('OS')).toBe(1);
  });

  it('a remake of both eyes counts each and is refused as a whole when one eye has none left', async () => {
    original({ policy: { exchangesPerEye: 2 } });
    await remake(1, ['OD', 'OS']);
    await remake(2, ['OD']);
    expect([used('OD'), used('OS')]).toEqual([2, 1]);
    expect((await refusal(remake(3, ['OD', 'OS']))).message).toBe(
      'The OD lens of order LL-000001 has used all 2 exchanges allowed under its warranty.',
    );
    expect([used('OD'), used('OS')]).toEqual([2, 1]);
  });

  it('a policy with no exchanges refuses the first', async () => {
    original({ policy: { exchangesPerEye: 0 } });
    expect((await refusal(remake(1, ['OD']))).message).toBe(
      'The warranty of the OD lens of order LL-000001 allows no exchanges.',
    );
  });

  it('unlimited exchanges are still counted (Lens Credit shows them) and never refused', async () => {
    original({ policy: { exchangesPerEye: null } });
    for (let i = 1; i <= 4; i++) await remake(i, ['OD']);
    expect(used('OD')).toBe(4);
    const [od] = (await getCreditSummary(practice, { accountNumber: A }, f.deps)).lensesInWarranty;
    expect(od).toMatchObject({ eye: 'OD', exchangesUsed: 4, exchangesAllowed: null });
  });

  it("the remake bills the policy's exchange fee (the invoice charges it instead of the lens price)", async () => {
    original({ policy: { exchangeFeeCents: 1_000 } });
    expect((await remake(1, ['OD'])).remake).toMatchObject({ exchangeFeeCents: 1_000 });
  });

  it('a reorder is not an exchange: no fee, nothing counted, any status of the original', async () => {
    original({ policy: { exchangesPerEye: 0 }, status: 'approved' });
    const reorder = await remake(1, ['OD'], 'reorder');
    expect(reorder.remake).toEqual({ kind: 'reorder', ofOrderId: uuid(1), ofOrderNumber: 'LL-000001' });
    expect(used('OD')).toBe(0);
  });

  it('the window is per eye (its own design), checked with the shared warranty rule', async () => {
    original({ shippedDaysAgo: 91, warrantyDays: 90 });
    expect(await refusal(remake(1, ['OD']))).toEqual({
      status: 'invalid-argument',
      message: 'The warranty of order LL-000001 ended 90 days after it shipped.',
    });
    expect(used('OD')).toBe(0);
  });

  it('an eye the original order had no lens for cannot be remade under its warranty', async () => {
    f.shippedOrder(1, { eyes: ['OD'] });
    expect((await refusal(remake(1, ['OS']))).message).toBe(
      'Order LL-000001 has no OS lens to remake under its warranty.',
    );
  });

  it('two remakes racing for the last exchange: the submit transaction refuses the second', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    await remake(1, ['OD']);
    // The second read the counter before the first was stored (a stale read): the write's ceiling refuses it.
    f.deps.orders.counters = async (names) => Object.fromEntries(names.map((n) => [n, 0]));
    expect(await refusal(remake(2, ['OD']))).toEqual({
      status: 'invalid-argument',
      message: 'The OD lens of order LL-000001 has used its 1 exchange allowed under its warranty.',
    });
    expect(used('OD')).toBe(1);
    expect(f.deps.orders.rows.has(uuid(202))).toBe(false);
  });

  it('a retried submit of the same remake answers the stored order and counts once', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    const first = await remake(1, ['OD']);
    expect(await remake(1, ['OD'])).toEqual(first);
    expect(used('OD')).toBe(1);
  });

  it('a remake cancelled by the practice or rejected by the lab gives its exchange back', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    const first = await remake(1, ['OD']);
    await changeOrderStatus('cancel', practice, { orderId: first.orderId, version: first.version }, orderDeps);
    expect(used('OD')).toBe(0);
    const second = await remake(2, ['OD']);
    await changeOrderStatus('reject', lab, { orderId: second.orderId, version: second.version, note: 'No' }, orderDeps);
    expect(used('OD')).toBe(0);
    await remake(3, ['OD']);
    expect(used('OD')).toBe(1);
  });

  it('a warranty remake placed before exchanges were counted (no fee stored) gives nothing back', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    const placed = await remake(1, ['OD']);
    const row = f.deps.orders.rows.get(placed.orderId)!;
    delete row.remake!.exchangeFeeCents;
    f.deps.orders.counterValues.set(counterNames.exchanges(uuid(1), 'OD'), 0);
    await changeOrderStatus('cancel', practice, { orderId: placed.orderId, version: placed.version }, orderDeps);
    expect(used('OD')).toBe(0);
  });
});
