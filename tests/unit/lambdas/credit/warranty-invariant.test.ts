import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError, httpCodeFor } from '../../../../core/errors';
import type { WarrantyPolicy } from '../../../../core/schemas/credit';
import { submitWarrantyClaimInputSchema } from '../../../../core/schemas/credit';
import { DEFAULT_WARRANTY_POLICY } from '../../../../core/schemas/lenses';
import { submitOrderInputSchema, type Order } from '../../../../core/schemas/orders';
import { decideWarrantyClaim } from '../../../../lambdas/use-cases/credit/decide-warranty-claim';
import { markClaimReturnReceived } from '../../../../lambdas/use-cases/credit/mark-claim-return-received';
import { submitWarrantyClaim } from '../../../../lambdas/use-cases/credit/submit-warranty-claim';
import { changeOrderStatus } from '../../../../lambdas/use-cases/orders/change-order-status';
import type { OrderDeps } from '../../../../lambdas/use-cases/orders/order-deps';
import { submitOrder } from '../../../../lambdas/use-cases/orders/submit-order';
import { InMemoryLensCatalogue } from '../../../support/lens-fakes';
import { testDesign } from '../../../support/order-fakes';
import { A, creditFixture, lab, orderPortsOf, practice, uuid, type CreditFixture } from './credit-fixture';

/**
 * The warranty money invariant (docs/decisions/0058-warranty-chains.md), as a property over generated sequences
 * of what a practice and the lab may ask the API, run on the use cases with the in-memory fakes. For every
 * ORIGINAL lens (an original order's eye) and the chain of warranty remakes that follows it:
 * - the credit granted (credited or awaiting the lens) plus the value the exchanges gave beyond the lens each
 *   replaced never exceeds what the practice was billed over the chain;
 * - the credit on any one lens never exceeds what that lens was billed;
 * - the live exchanges stay within the original line's policy count.
 * The oracle below works these out from the stored orders and claims on its own (no shared helper), so a rule
 * that drifts in the code cannot drift in the check too. Refusals (4xx) are allowed; anything else fails.
 */

type Eye = 'OD' | 'OS';
const EYES: Eye[] = ['OD', 'OS'];

const AMPLEYE = 39_500;

type Op =
  | { kind: 'remake'; target: number; eyes: Eye[] }
  | { kind: 'unlike'; target: number; eye: Eye; change: 'design' | 'quantity' }
  | { kind: 'ship'; target: number }
  | { kind: 'cancel'; target: number; by: 'practice' | 'lab' }
  | { kind: 'claim'; target: number; eye: Eye; claim: 'cancellation' | 'defect' }
  | { kind: 'decide'; claim: number; decision: 'approve' | 'deny' }
  | { kind: 'return-received'; claim: number };

interface Scenario {
  originals: { eyes: Eye[]; priceCents: number; quantity: number }[];
  policy: WarrantyPolicy;
  ops: Op[];
}

const eyesArb = fc.constantFrom<Eye[]>(['OD'], ['OS'], ['OD', 'OS']);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('remake' as const), target: fc.nat(20), eyes: eyesArb }),
  fc.record({
    kind: fc.constant('unlike' as const),
    target: fc.nat(20),
    eye: fc.constantFrom<Eye>(...EYES),
    change: fc.constantFrom('design' as const, 'quantity' as const),
  }),
  fc.record({ kind: fc.constant('ship' as const), target: fc.nat(20) }),
  fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(20), by: fc.constantFrom('practice', 'lab') }),
  fc.record({
    kind: fc.constant('claim' as const),
    target: fc.nat(20),
    eye: fc.constantFrom<Eye>(...EYES),
    claim: fc.constantFrom('cancellation' as const, 'defect' as const),
  }),
  fc.record({ kind: fc.constant('decide' as const), claim: fc.nat(20), decision: fc.constantFrom('approve', 'deny') }),
  fc.record({ kind: fc.constant('return-received' as const), claim: fc.nat(20) }),
);
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  originals: fc.array(
    fc.record({
      eyes: eyesArb,
      priceCents: fc.constantFrom(0, 14_500, 40_000),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  policy: fc.record({
    exchangesPerEye: fc.constantFrom(0, 1, 2, null),
    exchangeFeeCents: fc.constantFrom(0, 1_000, 20_000),
    cancellationCreditPercent: fc.constantFrom(0, 50, 100),
    returnRequired: fc.boolean(),
  }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 25 }),
});

/** Runs one scenario; answers the world it left behind. */
async function run(scenario: Scenario): Promise<CreditFixture> {
  const f = creditFixture();
  const lenses = new InMemoryLensCatalogue();
  const orderDeps: OrderDeps = orderPortsOf(f, lenses);
  // One price per design in the catalogue: the originals are all of the same design at one price.
  const price = scenario.originals[0]!.priceCents;
  lenses.rows.set('scleral-test', testDesign({ priceCents: price, warranty: scenario.policy }));
  lenses.rows.set('ampleye', testDesign({ lensId: 'ampleye', name: 'Ampleye', priceCents: AMPLEYE }));
  scenario.originals.forEach((o, i) =>
    f.shippedOrder(i + 1, { eyes: o.eyes, priceCents: price, quantity: o.quantity, policy: scenario.policy }),
  );

  const orderIds = () => [...f.deps.orders.rows.keys()];
  const pick = (n: number) => orderIds()[n % orderIds().length]!;
  const claimIds: string[] = [];
  let next = 1;

  const attempt = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      // A refusal with its reason is fine; a 5xx or a thrown bug is not.
      if (!(error instanceof AppError) || httpCodeFor(error.status) >= 500) throw error;
    }
  };
  const placeRemake = (of: Order, lines: { eye: Eye; lensId: string; quantity: number }[]) =>
    submitOrder(
      practice,
      submitOrderInputSchema.parse({
        orderId: uuid(1000 + next++),
        accountNumber: A,
        order: {
          patient: of.patient,
          lines: lines.map((l) => ({ ...l, parameters: { sphere: -3, diameter: 16.5 } })),
          shipping: { method: 'standard', address: { address: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } },
          remake: { kind: 'warranty', ofOrderId: of.orderId },
        },
      }),
      orderDeps,
    );

  for (const op of scenario.ops) {
    f.clock.now = new Date(f.clock.now.getTime() + 60_000);
    if (op.kind === 'remake' || op.kind === 'unlike') {
      const of = f.deps.orders.rows.get(pick(op.target))!;
      const eyes = op.kind === 'remake' ? op.eyes : [op.eye];
      const lines = eyes.map((eye) => {
        const line = of.lines.find((l) => l.eye === eye);
        const like = { eye, lensId: line?.lensId ?? 'scleral-test', quantity: line?.quantity ?? 1 };
        if (op.kind === 'remake') return like;
        return op.change === 'design' ? { ...like, lensId: 'ampleye', quantity: 10 } : { ...like, quantity: 10 };
      });
      await attempt(() => placeRemake(of, lines));
    } else if (op.kind === 'ship') {
      const order = f.deps.orders.rows.get(pick(op.target))!;
      await attempt(async () => {
        const approved = await changeOrderStatus(
          'approve',
          lab,
          { orderId: order.orderId, version: order.version },
          orderDeps,
        );
        const at = f.clock.now.toISOString();
        // Closing issues an invoice, not under test here: the order is marked shipped as close would.
        f.deps.orders.rows.set(order.orderId, {
          ...approved,
          status: 'closed',
          statusAt: at,
          version: approved.version + 1,
          history: [
            ...approved.history,
            { at, action: 'close', from: 'approved', to: 'closed', by: approved.history[0]!.by },
          ],
        });
      });
    } else if (op.kind === 'cancel') {
      const order = f.deps.orders.rows.get(pick(op.target))!;
      await attempt(() =>
        op.by === 'practice'
          ? changeOrderStatus('cancel', practice, { orderId: order.orderId, version: order.version }, orderDeps)
          : changeOrderStatus('reject', lab, { orderId: order.orderId, version: order.version, note: 'No' }, orderDeps),
      );
    } else if (op.kind === 'claim') {
      const claimId = uuid(5000 + next++);
      claimIds.push(claimId);
      await attempt(() =>
        submitWarrantyClaim(
          practice,
          submitWarrantyClaimInputSchema.parse({
            claimId,
            accountNumber: A,
            orderId: pick(op.target),
            eye: op.eye,
            kind: op.claim,
            note: 'Generated',
          }),
          f.deps,
        ),
      );
    } else {
      const claim = claimIds.length ? await f.deps.money.getClaim(claimIds[op.claim % claimIds.length]!) : null;
      if (!claim) continue;
      await attempt(() =>
        op.kind === 'return-received'
          ? markClaimReturnReceived(lab, { claimId: claim.claimId, version: claim.version }, f.deps)
          : op.decision === 'approve'
            ? decideWarrantyClaim(lab, { claimId: claim.claimId, version: claim.version, decision: 'approve' }, f.deps)
            : decideWarrantyClaim(
                lab,
                { claimId: claim.claimId, version: claim.version, decision: 'deny', reason: 'Generated' },
                f.deps,
              ),
      );
    }
    await expectInvariant(f);
  }
  return f;
}

/** The oracle: money and counts per original lens, from the stored orders, claims and ledger alone. */
async function expectInvariant(f: CreditFixture) {
  const orders = f.deps.orders.rows;
  const isExchange = (o: Order) => o.remake?.kind === 'warranty';
  const live = (o: Order) => o.status !== 'cancelled' && o.status !== 'rejected';
  const rootOf = (o: Order): Order => {
    const parent = isExchange(o) ? orders.get(o.remake!.ofOrderId) : undefined;
    return parent ? rootOf(parent) : o;
  };
  const listPrice = (l: Order['lines'][number]) => (l.design.priceCents ?? 0) * l.quantity;
  const billed = (o: Order, l: Order['lines'][number]) =>
    isExchange(o) ? (o.remake!.exchangeFeeCents ?? 0) : listPrice(l);

  const claims = await f.deps.money.listAccountClaims(A, 1000);
  const ledger = f.deps.money.entries.get(A) ?? [];
  const grantedFor = (orderId: string, eye: Eye) =>
    ledger
      .filter((e) => e.kind === 'grant' && e.orderId === orderId && e.eye === eye)
      .reduce((s, e) => s + e.amountCents, 0) +
    claims
      .filter((c) => c.orderId === orderId && c.eye === eye && c.status === 'awaiting-return')
      .reduce((s, c) => s + c.creditCents, 0);

  for (const root of [...orders.values()].filter((o) => !isExchange(o))) {
    for (const rootLine of root.lines) {
      const eye = rootLine.eye;
      const chain = [...orders.values()].filter(
        (o) => rootOf(o).orderId === root.orderId && o.lines.some((l) => l.eye === eye),
      );
      let billedTotal = 0;
      let credit = 0;
      let value = 0;
      let exchanges = 0;
      for (const o of chain) {
        const line = o.lines.find((l) => l.eye === eye)!;
        const own = grantedFor(o.orderId, eye);
        // A lens is credited at most what it was billed (a $0 exchange credits $0).
        expect(own, `credit on ${o.orderNumber} ${eye}`).toBeLessThanOrEqual(billed(o, line));
        credit += own;
        if (!live(o)) continue;
        billedTotal += billed(o, line);
        if (isExchange(o)) {
          exchanges += 1;
          const replaced = orders.get(o.remake!.ofOrderId)!.lines.find((l) => l.eye === eye)!;
          value += Math.max(0, listPrice(line) - listPrice(replaced));
        }
      }
      const where = `${root.orderNumber} ${eye}`;
      expect(credit + value, `credit + exchange value of ${where}`).toBeLessThanOrEqual(billedTotal);
      const allowed = (rootLine.design.warranty ?? DEFAULT_WARRANTY_POLICY).exchangesPerEye;
      if (allowed !== null) expect(exchanges, `exchanges of ${where}`).toBeLessThanOrEqual(allowed);
    }
  }
}

describe('warranty money holds whatever the API is asked (property, docs/decisions/0058-warranty-chains.md)', () => {
  it('over generated remakes, remakes of remakes, unlike exchanges, cancels, claims, decisions and returns', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        await run(scenario);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('the probed case: a $145 lens remade for $0 as 10 Ampleye lenses, then a defect claim, is held', async () => {
    const f = await run({
      originals: [{ eyes: ['OD', 'OS'], priceCents: 14_500, quantity: 1 }],
      policy: { exchangesPerEye: 1, exchangeFeeCents: 0, cancellationCreditPercent: 100, returnRequired: false },
      ops: [
        { kind: 'unlike', target: 0, eye: 'OD', change: 'design' },
        { kind: 'remake', target: 0, eyes: ['OS'] },
        { kind: 'ship', target: 1 },
        { kind: 'claim', target: 1, eye: 'OS', claim: 'defect' },
        { kind: 'decide', claim: 0, decision: 'approve' },
        { kind: 'claim', target: 0, eye: 'OS', claim: 'cancellation' },
        { kind: 'decide', claim: 1, decision: 'approve' },
      ],
    });
    expect(f.deps.orders.rows.size).toBe(2);
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ availableCents: 0, pendingCents: 0 });
  });
});
