import { beforeEach, describe, expect, it } from 'vitest';
import { submitOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import { counterNames } from '../../../../lambdas/ports/orders-repository';
import { submitWarrantyClaimInputSchema } from '../../../../core/schemas/credit';
import { decideWarrantyClaim } from '../../../../lambdas/use-cases/credit/decide-warranty-claim';
import { getCreditSummary } from '../../../../lambdas/use-cases/credit/get-credit-summary';
import { submitWarrantyClaim } from '../../../../lambdas/use-cases/credit/submit-warranty-claim';
import type { OrderDeps } from '../../../../lambdas/use-cases/orders/order-deps';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import { submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { testDesign } from '../../../support/order-fakes';
import {
  A,
  creditFixture,
  lab,
  orderPortsOf,
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
  orderDeps = orderPortsOf(f, lenses);
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

/** The lab ships a placed remake (closed now), so it is in its own window and can be remade or claimed. */
function ship(order: Order): Order {
  const at = f.clock.now.toISOString();
  const row = f.deps.orders.rows.get(order.orderId)!;
  const by = { userId: 'u-lab', name: 'Lara', actor: 'lab' as const };
  const shipped: Order = {
    ...row,
    status: 'closed',
    statusAt: at,
    version: row.version + 1,
    history: [...row.history, { at, action: 'close', from: 'approved', to: 'closed', by }],
  };
  f.deps.orders.rows.set(order.orderId, shipped);
  return shipped;
}

describe('warranty remakes count against the policy of the original line', () => {
  it('one exchange per eye: the first is placed and counted, the second is refused saying why', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    const first = await remake(1, ['OD']);
    expect(first.remake).toMatchObject({ kind: 'warranty', ofOrderNumber: 'LL-000001' });
    expect(used('OD')).toBe(1);
    ship(first);
    // The remake's lens is exchanged against the original's count (docs/decisions/0058-warranty-chains.md).
    expect(await refusal(remake(2, ['OD'], 'warranty', 201))).toEqual({
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
    ship(await remake(1, ['OD', 'OS']));
    ship(await remake(2, ['OD'], 'warranty', 201));
    expect([used('OD'), used('OS')]).toEqual([2, 1]);
    expect((await refusal(remake(3, ['OD', 'OS'], 'warranty', 201))).message).toBe(
      'The OD lens of order LL-000001 was already exchanged under its warranty: a further exchange is of the lens that replaced it.',
    );
    expect((await refusal(remake(3, ['OD'], 'warranty', 202))).message).toBe(
      'The OD lens of order LL-000001 has used all 2 exchanges allowed under its warranty.',
    );
    expect([used('OD'), used('OS')]).toEqual([2, 1]);
  });

  it('a remake of a remake is counted on the original order and names it (docs/decisions/0058-warranty-chains.md)', async () => {
    original({ policy: { exchangesPerEye: 2 } });
    ship(await remake(1, ['OD']));
    const second = await remake(2, ['OD'], 'warranty', 201);
    expect(second.remake).toMatchObject({
      kind: 'warranty',
      ofOrderId: uuid(201),
      originalOrderId: uuid(1),
      originalOrderNumber: 'LL-000001',
    });
    expect(used('OD')).toBe(2);
    expect(f.deps.orders.counterValues.get(counterNames.exchanges(uuid(201), 'OD')) ?? 0).toBe(0);
  });

  it('an exchanged lens is not exchanged again: only the newest lens of a chain is (docs/decisions/0058-warranty-chains.md)', async () => {
    original({ policy: { exchangesPerEye: null } });
    await remake(1, ['OD']);
    expect(await refusal(remake(2, ['OD']))).toEqual({
      status: 'invalid-argument',
      message:
        'The OD lens of order LL-000001 was already exchanged under its warranty: a further exchange is of the lens that replaced it.',
    });
    expect(f.deps.orders.rows.has(uuid(202))).toBe(false);
  });

  it(`a warranty remake keeps each eye's design and quantity: another design or more lenses is refused (docs/decisions/0058-warranty-chains.md)`, async () => {
    original({ policy: { exchangesPerEye: 1 } });
    const lenses = orderDeps.lenses as InMemoryLensCatalogue;
    lenses.rows.set('ampleye', testDesign({ lensId: 'ampleye', name: 'Ampleye', priceCents: 39_500 }));
    const message =
      'A warranty exchange of the OD lens of order LL-000001 keeps its design and quantity (Test Scleral, 1 lens). For another design or more lenses, place a new order.';
    const swapped = submitOrder(
      practice,
      submitOrderInputSchema.parse({
        orderId: uuid(201),
        accountNumber: A,
        order: {
          patient: 'Patient 1',
          lines: [{ ...lineFor('OD'), lensId: 'ampleye', quantity: 10 }],
          shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
          remake: { kind: 'warranty', ofOrderId: uuid(1) },
        },
      }),
      orderDeps,
    );
    expect(await refusal(swapped)).toEqual({ status: 'invalid-argument', message });
    const more = submitOrder(
      practice,
      submitOrderInputSchema.parse({
        orderId: uuid(202),
        accountNumber: A,
        order: {
          patient: 'Patient 1',
          lines: [{ ...lineFor('OD'), quantity: 10 }],
          shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
          remake: { kind: 'warranty', ofOrderId: uuid(1) },
        },
      }),
      orderDeps,
    );
    expect(await refusal(more)).toEqual({ status: 'invalid-argument', message });
    expect(used('OD')).toBe(0);
    expect(f.deps.orders.rows.has(uuid(201)) || f.deps.orders.rows.has(uuid(202))).toBe(false);
  });

  it('a policy with no exchanges refuses the first', async () => {
    original({ policy: { exchangesPerEye: 0 } });
    expect((await refusal(remake(1, ['OD']))).message).toBe(
      'The warranty of the OD lens of order LL-000001 allows no exchanges.',
    );
  });

  it('unlimited exchanges are still counted over the chain (Lens Credit shows them) and never refused', async () => {
    original({ policy: { exchangesPerEye: null } });
    let of = 1;
    for (let i = 1; i <= 4; i++) {
      ship(await remake(i, ['OD'], 'warranty', of));
      of = 200 + i;
    }
    expect(used('OD')).toBe(4);
    const lenses = (await getCreditSummary(practice, { accountNumber: A }, f.deps)).lensesInWarranty;
    const newest = lenses.find((l) => l.orderId === uuid(204))!;
    expect(newest).toMatchObject({ eye: 'OD', exchangesUsed: 4, exchangesAllowed: null });
    expect(newest.exchanged).toBeUndefined();
    // Every earlier lens of the chain was replaced: no action is offered on it.
    expect(lenses.filter((l) => l.eye === 'OD' && l.exchanged).map((l) => l.orderId)).toEqual(
      expect.arrayContaining([uuid(1), uuid(201), uuid(202), uuid(203)]),
    );
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

  it('two remakes racing for the same lens: the submit transaction refuses the second', async () => {
    original({ policy: { exchangesPerEye: 1 } });
    await remake(1, ['OD']);
    // The second read the counters before the first was stored (a stale read): the write's ceilings refuse it.
    f.deps.orders.counters = async (names) => Object.fromEntries(names.map((n) => [n, 0]));
    expect(await refusal(remake(2, ['OD']))).toEqual({
      status: 'invalid-argument',
      message:
        'The OD lens of order LL-000001 was already exchanged under its warranty: a further exchange is of the lens that replaced it.',
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

  it('a remake canceled by the practice or rejected by the lab gives its exchange back', async () => {
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

describe('claims and exchanges of one lens: credited or exchanged, never both (docs/decisions/0058-warranty-chains.md)', () => {
  const claim = (n: number, orderN: number, kind: 'cancellation' | 'defect' = 'defect', eye: 'OD' | 'OS' = 'OD') =>
    submitWarrantyClaim(
      practice,
      submitWarrantyClaimInputSchema.parse({
        claimId: uuid(500 + n),
        accountNumber: A,
        orderId: uuid(orderN),
        eye,
        kind,
        note: 'Cracked',
      }),
      f.deps,
    );

  it('a claim on a remake credits what the remake was billed: its exchange fee, $0 for a $0 exchange', async () => {
    original({ priceCents: 14_500, policy: { exchangeFeeCents: 0, cancellationCreditPercent: 50 } });
    ship(await remake(1, ['OD', 'OS']));
    expect(await claim(1, 201, 'defect', 'OD')).toMatchObject({
      creditCents: 0,
      billedCents: 0,
      remakeOfOrderNumber: 'LL-000001',
      originalOrderNumber: 'LL-000001',
    });
    expect((await claim(2, 201, 'cancellation', 'OS')).creditCents).toBe(0);
  });

  it('a claim on a remake with a fee credits at most that fee', async () => {
    original({ policy: { exchangeFeeCents: 2_500, cancellationCreditPercent: 50 } });
    ship(await remake(1, ['OD']));
    expect((await claim(1, 201)).creditCents).toBe(2_500);
  });

  it('a lens that was exchanged cannot also be canceled or claimed as defective', async () => {
    original();
    await remake(1, ['OD']);
    const message =
      'The OD lens of order LL-000001 was exchanged under its warranty, so it cannot also be credited. A claim can be filed on the lens that replaced it.';
    expect(await refusal(claim(1, 1, 'cancellation'))).toEqual({ status: 'invalid-argument', message });
    expect(await refusal(claim(2, 1, 'defect'))).toEqual({ status: 'invalid-argument', message });
    expect(await f.deps.money.getClaim(uuid(501))).toBeNull();
    // The other eye was not exchanged: it can still be claimed.
    expect((await claim(3, 1, 'cancellation', 'OS')).status).toBe('submitted');
  });

  it('a lens whose remake was canceled can be claimed again (the exchange was never made)', async () => {
    original();
    const placed = await remake(1, ['OD']);
    await changeOrderStatus('cancel', practice, { orderId: placed.orderId, version: placed.version }, orderDeps);
    expect((await claim(1, 1)).status).toBe('submitted');
  });

  it('a lens with a pending or credited claim cannot be remade', async () => {
    original({ policy: { returnRequired: false } });
    const pending = await claim(1, 1, 'defect', 'OD');
    expect(await refusal(remake(1, ['OD']))).toEqual({
      status: 'invalid-argument',
      message:
        'The OD lens of order LL-000001 has a warranty claim the lab has not settled, so it cannot be exchanged now.',
    });
    await decideWarrantyClaim(lab, { claimId: pending.claimId, version: 0, decision: 'approve' }, f.deps);
    expect((await refusal(remake(2, ['OD', 'OS']))).message).toBe(
      'The OD lens of order LL-000001 was credited under its warranty, so it cannot also be exchanged.',
    );
    expect(used('OD')).toBe(0);
    // A denied claim leaves the lens free.
    const denied = await claim(2, 1, 'defect', 'OS');
    await decideWarrantyClaim(
      lab,
      { claimId: denied.claimId, version: 0, decision: 'deny', reason: 'Not a defect' },
      f.deps,
    );
    expect((await remake(3, ['OS'])).remake).toMatchObject({ kind: 'warranty' });
  });

  it('a claim filed as its lens was being remade is not approved once the remake is placed', async () => {
    original();
    const filed = await claim(1, 1);
    // The remake read the claims before this one was stored: both got in.
    orderDeps.claims = { listAccountClaims: async () => [] };
    await remake(1, ['OD']);
    expect(
      await refusal(decideWarrantyClaim(lab, { claimId: filed.claimId, version: 0, decision: 'approve' }, f.deps)),
    ).toEqual({
      status: 'aborted',
      message:
        'The OD lens of order LL-000001 was exchanged under its warranty, so it cannot also be credited. A claim can be filed on the lens that replaced it. Deny this claim.',
    });
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 0, pendingCents: 0 });
  });

  it('a held remake answered with another design or more lenses is refused; new parameters are fine', async () => {
    original();
    const placed = await remake(1, ['OD']);
    const held = await changeOrderStatus(
      'hold',
      lab,
      { orderId: placed.orderId, version: placed.version, note: 'Check the sphere' },
      orderDeps,
    );
    const answer = (line: Record<string, unknown>, eyes: ('OD' | 'OS')[] = ['OD']) =>
      changeOrderStatus(
        'resubmit',
        practice,
        {
          orderId: held.orderId,
          version: held.version,
          note: 'Corrected',
          order: submitOrderInputSchema.parse({
            orderId: held.orderId,
            accountNumber: A,
            order: {
              patient: 'Patient 1',
              lines: eyes.map((eye) => ({ ...lineFor(eye), ...line })),
              shipping: {
                method: 'standard',
                address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' },
              },
            },
          }).order,
        },
        orderDeps,
      );
    expect((await refusal(answer({ quantity: 10 }))).message).toBe(
      'A warranty exchange of the OD lens of order LL-000001 keeps its design and quantity (Test Scleral, 1 lens). For another design or more lenses, place a new order.',
    );
    expect((await refusal(answer({}, ['OD', 'OS']))).message).toBe(
      'A warranty exchange keeps the eyes it exchanges (OD). For another lens, place a new order.',
    );
    expect((await answer({ parameters: { sphere: -3.25, diameter: 16.5 } })).status).toBe('submitted');
  });
});
