import { beforeEach, describe, expect, it } from 'vitest';
import { startPaymentInputSchema } from '../../../../core/schemas/payments';
import type { GatewayEvent } from '../../../../lambdas/ports/payment-gateway';
import { confirmPayment, startPayment } from '../../../../lambdas/use-cases/payments/payments';
import { handleGatewayEvent } from '../../../../lambdas/use-cases/payments/settle-payment';
import { TEST_CARDS } from '../../../support/in-memory-gateway';
import { moneyEmails } from '../../../support/money-email-fakes';
import { A, moneyFixture, practice, uuid, type MoneyFixture } from './money-fixture';

let f: MoneyFixture;
let intentId: string;
beforeEach(async () => {
  f = moneyFixture();
  f.invoice('INV-1', 30_000);
  f.invoice('INV-2', 20_000);
  const view = await startPayment(
    practice,
    startPaymentInputSchema.parse({
      paymentId: uuid(1),
      accountNumber: A,
      allocations: [
        { invoiceNumber: 'INV-1', amountCents: 30_000 },
        { invoiceNumber: 'INV-2', amountCents: 20_000 },
      ],
    }),
    f.deps,
  );
  intentId = view.intentId!;
  f.deps.gateway.pay(intentId, TEST_CARDS.succeeds);
  await confirmPayment(practice, { paymentId: uuid(1) }, f.deps);
});

const event = (type: 'dispute_opened' | 'dispute_closed', status: 'open' | 'won' | 'lost'): GatewayEvent => ({
  eventId: `evt_${type}_${status}`,
  type,
  intent: null,
  dispute: { disputeId: 'dp_1', intentId, amountCents: 50_000, reason: 'fraudulent', status },
});

describe('a chargeback arriving by the payment webhook', () => {
  it('marks the payment, shows on every invoice it paid and alerts the lab, once however often it is delivered', async () => {
    await handleGatewayEvent(event('dispute_opened', 'open'), f.deps);
    await handleGatewayEvent(event('dispute_opened', 'open'), f.deps);

    const payment = f.deps.money.payments.get(uuid(1))!;
    expect(payment.dispute).toMatchObject({
      disputeId: 'dp_1',
      status: 'open',
      amountCents: 50_000,
      reason: 'fraudulent',
    });
    for (const number of ['INV-1', 'INV-2'])
      expect(f.deps.money.invoices.get(number)!.disputes).toEqual([
        expect.objectContaining({ disputeId: 'dp_1', paymentId: uuid(1), status: 'open' }),
      ]);
    expect(moneyEmails(f.outbox, 'payment-disputed')).toEqual([
      { kind: 'payment-disputed', payment, dispute: payment.dispute },
    ]);
    // The money is not moved by the dispute itself: the invoices stay paid.
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ status: 'paid', balanceCents: 0 });
  });

  it('records the outcome when it closes, and a late duplicate of the opening changes nothing', async () => {
    await handleGatewayEvent(event('dispute_opened', 'open'), f.deps);
    await handleGatewayEvent(event('dispute_closed', 'lost'), f.deps);
    await handleGatewayEvent(event('dispute_opened', 'open'), f.deps);
    expect(f.deps.money.payments.get(uuid(1))!.dispute).toMatchObject({ status: 'lost', closedAt: expect.any(String) });
    expect(f.deps.money.invoices.get('INV-2')!.disputes).toEqual([expect.objectContaining({ status: 'lost' })]);
    expect(moneyEmails(f.outbox, 'payment-disputed').map((e) => e.dispute.status)).toEqual(['open', 'lost']);
  });

  it('ignores a dispute of an intent that is not one of our payments', async () => {
    const other = await f.deps.gateway.createIntent({
      paymentId: uuid(9),
      amountCents: 100,
      currency: 'usd',
      accountNumber: A,
      description: 'x',
    });
    await handleGatewayEvent(
      {
        ...event('dispute_opened', 'open'),
        dispute: { ...event('dispute_opened', 'open').dispute!, intentId: other.intentId },
      },
      f.deps,
    );
    expect(moneyEmails(f.outbox, 'payment-disputed')).toEqual([]);
  });
});
