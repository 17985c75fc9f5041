import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildStatement, periodOfMonth } from '../../../../core/rules/statements';
import { refundPaymentInputSchema, startPaymentInputSchema } from '../../../../core/schemas/payments';
import { confirmPayment, startPayment } from '../../../../lambdas/use-cases/payments/payments';
import {
  DISPUTED_NOT_REFUNDABLE,
  REFUND_ID_REUSED,
  refundPayment,
} from '../../../../lambdas/use-cases/payments/refund-payment';
import { handleGatewayEvent } from '../../../../lambdas/use-cases/payments/settle-payment';
import { TEST_CARDS } from '../../../support/in-memory-gateway';
import { moneyEmails } from '../../../support/money-email-fakes';
import { A, lab, moneyFixture, practice, refusal, uuid, type MoneyFixture } from './money-fixture';

let f: MoneyFixture;
beforeEach(() => {
  f = moneyFixture();
});

/** A card payment of `cents` on INV-1 (total `total`), paid and settled; answers its id. */
async function paidByCard(cents: number, total = cents, paymentId = uuid(1), fixture = f): Promise<string> {
  fixture.invoice('INV-1', total);
  const view = await startPayment(
    practice,
    startPaymentInputSchema.parse({
      paymentId,
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: cents }],
    }),
    fixture.deps,
  );
  fixture.deps.gateway.pay(view.intentId!, TEST_CARDS.succeeds);
  await confirmPayment(practice, { paymentId }, fixture.deps);
  return paymentId;
}

const refund = (input: { refundId: string; amountCents: number; invoiceNumber?: string }, fixture = f) =>
  refundPayment(
    lab,
    refundPaymentInputSchema.parse({
      paymentId: uuid(1),
      invoiceNumber: 'INV-1',
      reason: 'Lens returned unopened',
      ...input,
    }),
    fixture.deps,
  );

describe('the billing desk refunds a card payment', () => {
  it('a partial refund goes through the gateway, reopens the invoice by that amount and emails a refund receipt', async () => {
    await paidByCard(40_000);
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ status: 'paid', balanceCents: 0 });

    const { refund: issued, invoice } = await refund({ refundId: uuid(11), amountCents: 12_050 });

    expect(issued).toMatchObject({ status: 'succeeded', amountCents: 12_050, gatewayRefundId: 're_1' });
    expect(issued.receiptNumber).toMatch(/^RF-20260301-/);
    expect(invoice).toMatchObject({ status: 'partially-paid', paidCents: 27_950, balanceCents: 12_050 });
    expect(invoice.settlements).toHaveLength(1);
    expect(invoice.refunds).toEqual([
      expect.objectContaining({
        refundId: uuid(11),
        amountCents: 12_050,
        paymentId: uuid(1),
        reference: issued.receiptNumber,
      }),
    ]);
    expect(f.deps.money.invoices.get('INV-1')).toEqual(invoice);
    expect([...f.deps.gateway.refunds.values()].map((r) => r.amountCents)).toEqual([12_050]);
    const payment = f.deps.money.payments.get(uuid(1))!;
    expect(moneyEmails(f.outbox, 'payment-refunded')).toEqual([
      { kind: 'payment-refunded', payment, refund: issued, invoice },
    ]);
  });

  it('a full refund leaves the invoice open for its whole total', async () => {
    await paidByCard(40_000);
    const { invoice } = await refund({ refundId: uuid(11), amountCents: 40_000 });
    expect(invoice).toMatchObject({ status: 'open', paidCents: 0, balanceCents: 40_000 });
  });

  it('refunds once for 10 concurrent identical requests (a double click, retries): one gateway refund, one email', async () => {
    await paidByCard(40_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund({ refundId: uuid(11), amountCents: 5_000 })),
    );
    expect(new Set(answers.map((a) => a.refund.gatewayRefundId))).toEqual(new Set(['re_1']));
    expect(f.deps.gateway.refunds.size).toBe(1);
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ balanceCents: 5_000 });
    expect(moneyEmails(f.outbox, 'payment-refunded')).toHaveLength(1);
  });

  it('refuses more than the card paid on the invoice, naming what is left, and changes nothing', async () => {
    await paidByCard(40_000);
    await refund({ refundId: uuid(11), amountCents: 30_000 });
    const before = structuredClone(f.deps.money.invoices.get('INV-1'));
    expect(await refusal(refund({ refundId: uuid(12), amountCents: 10_001 }))).toEqual({
      status: 'invalid-argument',
      message: 'At most $100.00 of this card payment can be refunded on invoice INV-1.',
    });
    expect(f.deps.money.invoices.get('INV-1')).toEqual(before);
    expect(f.deps.gateway.refunds.size).toBe(1);
  });

  it('a refund id sent again with another amount is a 409, not a second refund', async () => {
    await paidByCard(40_000);
    await refund({ refundId: uuid(11), amountCents: 1_000 });
    expect(await refusal(refund({ refundId: uuid(11), amountCents: 2_000 }))).toEqual({
      status: 'aborted',
      message: REFUND_ID_REUSED,
    });
  });

  it('after a gateway outage the refund stays reserved, and asking again with its id finishes it once', async () => {
    await paidByCard(40_000);
    f.deps.gateway.refundOutages.push(new Error('socket hang up'));
    await expect(refund({ refundId: uuid(11), amountCents: 25_000 })).rejects.toThrow('socket hang up');
    expect(f.deps.money.payments.get(uuid(1))!.refunds).toEqual([expect.objectContaining({ status: 'pending' })]);
    // The reservation holds: a second refund cannot take the same money meanwhile.
    expect((await refusal(refund({ refundId: uuid(12), amountCents: 20_000 }))).status).toBe('invalid-argument');
    const { invoice } = await refund({ refundId: uuid(11), amountCents: 25_000 });
    expect(invoice.balanceCents).toBe(25_000);
    expect(f.deps.gateway.refunds.size).toBe(1);
  });

  it('refuses a refund on an invoice the payment did not pay by card', async () => {
    f.invoice('INV-2', 5_000);
    await paidByCard(40_000);
    expect(await refusal(refund({ refundId: uuid(11), amountCents: 100, invoiceNumber: 'INV-2' }))).toEqual({
      status: 'invalid-argument',
      message: 'Nothing of this card payment is left to refund on invoice INV-2.',
    });
  });

  it('refuses to refund a payment while its dispute is open', async () => {
    await paidByCard(40_000);
    const intentId = f.deps.money.payments.get(uuid(1))!.intentId!;
    await handleGatewayEvent(
      {
        eventId: 'evt_1',
        type: 'dispute_opened',
        intent: null,
        dispute: { disputeId: 'dp_1', intentId, amountCents: 40_000, reason: 'fraudulent', status: 'open' },
      },
      f.deps,
    );
    expect(await refusal(refund({ refundId: uuid(11), amountCents: 100 }))).toEqual({
      status: 'aborted',
      message: DISPUTED_NOT_REFUNDABLE,
    });
  });

  it('property: over any sequence of partial refunds, some concurrent, the refunded total never exceeds what the card captured', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 50_000 }),
        fc.array(fc.array(fc.integer({ min: 1, max: 30_000 }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (captured, batches) => {
          const g = moneyFixture();
          await paidByCard(captured, captured, uuid(1), g);
          let n = 100;
          for (const batch of batches) {
            await Promise.allSettled(batch.map((amountCents) => refund({ refundId: uuid(n++), amountCents }, g)));
          }
          const refunded = [...g.deps.gateway.refunds.values()].reduce((sum, r) => sum + r.amountCents, 0);
          const invoice = g.deps.money.invoices.get('INV-1')!;
          const recorded = (invoice.refunds ?? []).reduce((sum, r) => sum + r.amountCents, 0);
          expect(refunded).toBeLessThanOrEqual(captured);
          // What the gateway paid back is exactly what the invoice took back, and it is owed that much again.
          expect(recorded).toBe(refunded);
          expect(invoice.balanceCents).toBe(refunded);
          expect(invoice.paidCents).toBe(captured - refunded);
          expect(moneyEmails(g.outbox, 'payment-refunded')).toHaveLength(invoice.refunds?.length ?? 0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a refund on the monthly statement', () => {
  it('is a Refund charge line of the month it was issued, with its receipt number, and the statement reconciles', async () => {
    await paidByCard(40_000);
    f.clock.now = new Date('2026-03-10T15:00:00.000Z');
    const { refund: issued } = await refund({ refundId: uuid(11), amountCents: 12_050 });
    const invoice = f.deps.money.invoices.get('INV-1')!;
    const march = buildStatement({ invoices: [invoice] }, periodOfMonth('2026-03'), { timeZone: 'America/Chicago' });
    expect(march.lines.filter((l) => l.kind === 'refund')).toEqual([
      expect.objectContaining({
        amountCents: 12_050,
        column: 'charges',
        reference: issued.receiptNumber,
        day: '2026-03-10',
      }),
    ]);
    expect(march.closingCents).toBe(12_050);
    expect(march.openingCents + march.chargesCents - march.paymentsCents - march.creditsCents).toBe(march.closingCents);
  });
});
