import { beforeEach, describe, expect, it } from 'vitest';
import { startPaymentInputSchema } from '../../../../core/schemas/payments';
import {
  cardPartTooSmall,
  confirmPayment,
  startPayment,
  PAYMENT_ID_REUSED,
} from '../../../../lambdas/use-cases/payments/payments';
import { handleGatewayEvent } from '../../../../lambdas/use-cases/payments/settle-payment';
import { TEST_CARDS } from '../../../support/in-memory-gateway';
import { moneyEmails } from '../../../support/money-email-fakes';
import { A, B, moneyFixture, outsider, practice, refusal, uuid, type MoneyFixture } from './money-fixture';

let f: MoneyFixture;
beforeEach(() => {
  f = moneyFixture();
});

const start = (input: Record<string, unknown>, caller = practice) =>
  startPayment(caller, startPaymentInputSchema.parse(input), f.deps);

/** The kinds of the emails the commits stored, oldest first. */
const emailKinds = () => f.outbox.notices<{ kind: string }>('money').map((e) => e.kind);

describe('Pay Online: a card payment', () => {
  it('pays part of an invoice by card: the invoice is partially paid at once and a receipt is emailed', async () => {
    f.invoice('INV-1', 40_000);
    const view = await start({
      paymentId: uuid(1),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 15_000 }],
    });
    expect(view).toMatchObject({ status: 'awaiting-card', cardCents: 15_000, creditCents: 0 });
    expect(view.checkout).toMatchObject({ gateway: 'fake', clientSecret: expect.any(String) });
    f.deps.gateway.pay(view.intentId!, TEST_CARDS.succeeds);

    const done = await confirmPayment(practice, { paymentId: uuid(1) }, f.deps);
    expect(done).toMatchObject({ status: 'succeeded', checkout: null });
    const invoice = f.deps.money.invoices.get('INV-1')!;
    expect(invoice).toMatchObject({ status: 'partially-paid', paidCents: 15_000, balanceCents: 25_000, version: 1 });
    expect(invoice.settlements).toEqual([
      expect.objectContaining({ method: 'card', amountCents: 15_000, paymentId: uuid(1) }),
    ]);
    expect(moneyEmails(f.outbox, 'payment-receipt')).toEqual([
      { kind: 'payment-receipt', payment: f.deps.money.payments.get(uuid(1)), invoices: [invoice] },
    ]);
    expect(emailKinds()).toEqual(['payment-receipt']);
  });

  it('charges once and allocates once for 20 concurrent identical starts and confirms', async () => {
    f.invoice('INV-1', 40_000);
    const input = {
      paymentId: uuid(2),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    };
    const views = await Promise.all(Array.from({ length: 20 }, () => start(input)));
    expect(new Set(views.map((v) => v.intentId)).size).toBe(1);
    expect(f.deps.gateway.intents.size).toBe(1);
    f.deps.gateway.pay(views[0]!.intentId!, TEST_CARDS.succeeds);
    const confirmed = await Promise.all(
      Array.from({ length: 20 }, () => confirmPayment(practice, { paymentId: uuid(2) }, f.deps)),
    );
    expect(confirmed.every((v) => v.status === 'succeeded')).toBe(true);
    expect(f.deps.gateway.charges).toBe(1);
    const invoice = f.deps.money.invoices.get('INV-1')!;
    expect(invoice.settlements).toHaveLength(1);
    expect(invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(emailKinds()).toEqual(['payment-receipt']);
  });

  it('a declined card shows the gateway reason and changes nothing (4000 0000 0000 0002, 4000 0000 0000 9995)', async () => {
    f.invoice('INV-1', 40_000);
    await f.grantCredit(A, 5_000);
    for (const [n, card, reason] of [
      [3, TEST_CARDS.declined, 'Your card was declined.'],
      [4, TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
    ] as const) {
      const view = await start({
        paymentId: uuid(n),
        accountNumber: A,
        applyCredit: true,
        allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
      });
      f.deps.gateway.pay(view.intentId!, card);
      const after = await confirmPayment(practice, { paymentId: uuid(n) }, f.deps);
      expect(after).toMatchObject({ status: 'failed', failureMessage: reason });
    }
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ status: 'open', balanceCents: 40_000, version: 0 });
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(5_000);
    expect(moneyEmails(f.outbox, 'payment-failed')).toEqual(
      [3, 4].map((n) => ({ kind: 'payment-failed', payment: f.deps.money.payments.get(uuid(n)) })),
    );
    expect(emailKinds()).toEqual(['payment-failed', 'payment-failed']);
  });

  it('applies available lens credit first and the card pays the rest', async () => {
    f.invoice('INV-1', 30_000);
    f.invoice('INV-2', 10_000);
    await f.grantCredit(A, 12_000);
    const view = await start({
      paymentId: uuid(5),
      accountNumber: A,
      applyCredit: true,
      allocations: [
        { invoiceNumber: 'INV-1', amountCents: 30_000 },
        { invoiceNumber: 'INV-2', amountCents: 10_000 },
      ],
    });
    expect(view).toMatchObject({ totalCents: 40_000, creditCents: 12_000, cardCents: 28_000 });
    f.deps.gateway.pay(view.intentId!, TEST_CARDS.succeeds);
    await confirmPayment(practice, { paymentId: uuid(5) }, f.deps);
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({
      status: 'paid',
      paidCents: 18_000,
      creditedCents: 12_000,
    });
    expect(f.deps.money.invoices.get('INV-2')).toMatchObject({ status: 'paid', paidCents: 10_000 });
    const balance = await f.deps.money.getCreditBalance(A);
    expect(balance.availableCents).toBe(0);
    const entries = f.deps.money.entries.get(A)!;
    expect(entries.at(-1)).toMatchObject({
      kind: 'apply',
      reason: 'invoice',
      amountCents: 12_000,
      balanceAfterCents: 0,
      invoiceNumber: 'INV-1',
    });
  });

  it('settles at once without the card when credit covers everything', async () => {
    f.invoice('INV-1', 8_000);
    await f.grantCredit(A, 10_000);
    const view = await start({
      paymentId: uuid(6),
      accountNumber: A,
      applyCredit: true,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 8_000 }],
    });
    expect(view).toMatchObject({ status: 'succeeded', cardCents: 0, creditCents: 8_000, checkout: null });
    expect(f.deps.gateway.createCalls).toBe(0);
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(2_000);
  });

  it('two payers racing on one invoice never overpay it: the later card money becomes account credit', async () => {
    f.invoice('INV-1', 40_000);
    const first = await start({
      paymentId: uuid(7),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    const second = await start({
      paymentId: uuid(8),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 30_000 }],
    });
    f.deps.gateway.pay(first.intentId!, TEST_CARDS.succeeds);
    f.deps.gateway.pay(second.intentId!, TEST_CARDS.succeeds);
    await Promise.all([
      confirmPayment(practice, { paymentId: uuid(7) }, f.deps),
      confirmPayment(practice, { paymentId: uuid(8) }, f.deps),
    ]);
    const invoice = f.deps.money.invoices.get('INV-1')!;
    expect(invoice.paidCents).toBe(40_000);
    expect(invoice.balanceCents).toBe(0);
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(30_000);
    const overpaid = [...f.deps.money.payments.values()].reduce((sum, p) => sum + p.overpaidCents, 0);
    expect(overpaid).toBe(30_000);
  });

  it('card money beyond the balance above the lab threshold waits for a second super admin, not credited at once (docs/decisions/0092-large-credit-needs-a-second-super-admin.md)', async () => {
    f.invoice('INV-1', 40_000);
    const first = await start({
      paymentId: uuid(10),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    const second = await start({
      paymentId: uuid(11),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    await f.deps.creditSettings.put({ approvalThresholdCents: 30_000, version: 0 }, 0);
    f.deps.gateway.pay(first.intentId!, TEST_CARDS.succeeds);
    f.deps.gateway.pay(second.intentId!, TEST_CARDS.succeeds);
    await confirmPayment(practice, { paymentId: uuid(10) }, f.deps);
    await confirmPayment(practice, { paymentId: uuid(11) }, f.deps);

    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ paidCents: 40_000, balanceCents: 0 });
    expect(f.deps.money.payments.get(uuid(11))).toMatchObject({
      status: 'succeeded',
      overpaidCents: 40_000,
      overpaymentHeld: true,
    });
    expect(f.deps.money.payments.get(uuid(10))!.overpaymentHeld).toBeUndefined();
    expect(await f.deps.money.getCreditBalance(A)).toMatchObject({ exists: false });
    const waiting = [...f.deps.money.approvals.values()];
    expect(waiting).toEqual([
      expect.objectContaining({
        accountNumber: A,
        reason: 'overpayment',
        amountCents: 40_000,
        status: 'pending',
        requestedBy: expect.objectContaining({ userId: practice.userId }),
      }),
    ]);
    expect(waiting[0]!.note).toContain(uuid(11));
  });

  it('the gateway webhook settles a payment the browser never came back for, once', async () => {
    f.invoice('INV-1', 40_000);
    const view = await start({
      paymentId: uuid(9),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    const intent = f.deps.gateway.pay(view.intentId!, TEST_CARDS.succeeds);
    const event = { eventId: 'evt_1', type: 'payment_succeeded' as const, intent };
    await handleGatewayEvent(event, f.deps);
    await handleGatewayEvent(event, f.deps); // a replay
    expect(f.deps.money.invoices.get('INV-1')!.settlements).toHaveLength(1);
    expect(f.deps.money.payments.get(uuid(9))!.status).toBe('succeeded');
    expect(emailKinds()).toEqual(['payment-receipt']);
  });

  it("the webhook and the browser's confirm settling at the same moment store exactly one receipt", async () => {
    f.invoice('INV-1', 40_000);
    const view = await start({
      paymentId: uuid(18),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    const intent = f.deps.gateway.pay(view.intentId!, TEST_CARDS.succeeds);
    const event = { eventId: 'evt_2', type: 'payment_succeeded' as const, intent };
    await Promise.all([
      handleGatewayEvent(event, f.deps),
      confirmPayment(practice, { paymentId: uuid(18) }, f.deps),
      handleGatewayEvent(event, f.deps),
      confirmPayment(practice, { paymentId: uuid(18) }, f.deps),
    ]);
    expect(f.deps.money.invoices.get('INV-1')!.settlements).toHaveLength(1);
    expect(moneyEmails(f.outbox, 'payment-receipt').map((e) => e.payment.paymentId)).toEqual([uuid(18)]);
  });

  it('a settling commit refused and tried again stores its receipt once, with the commit that lands', async () => {
    f.invoice('INV-1', 40_000);
    const view = await start({
      paymentId: uuid(19),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    f.deps.gateway.pay(view.intentId!, TEST_CARDS.succeeds);
    f.deps.money.failNextCommit('contention', 2);
    expect(await confirmPayment(practice, { paymentId: uuid(19) }, f.deps)).toMatchObject({ status: 'succeeded' });
    expect(emailKinds()).toEqual(['payment-receipt']);
  });
});

describe('Pay Online: refused payments change nothing', () => {
  it('refuses more than the balance', async () => {
    f.invoice('INV-1', 10_000);
    const refused = await refusal(
      start({ paymentId: uuid(10), accountNumber: A, allocations: [{ invoiceNumber: 'INV-1', amountCents: 10_001 }] }),
    );
    expect(refused).toMatchObject({ status: 'aborted', message: expect.stringContaining('More than the balance') });
    expect(f.deps.money.payments.size).toBe(0);
  });

  it("answers another practice's invoice and an unknown one alike (not found)", async () => {
    f.invoice('INV-B', 10_000, { accountNumber: B });
    const foreign = await refusal(
      start({ paymentId: uuid(11), accountNumber: A, allocations: [{ invoiceNumber: 'INV-B', amountCents: 100 }] }),
    );
    const unknown = await refusal(
      start({ paymentId: uuid(12), accountNumber: A, allocations: [{ invoiceNumber: 'INV-NONE', amountCents: 100 }] }),
    );
    expect(foreign).toEqual(unknown);
    expect(foreign.status).toBe('not-found');
  });

  it('refuses an account the caller is not linked to', async () => {
    f.invoice('INV-1', 10_000);
    const refused = await refusal(
      start(
        { paymentId: uuid(13), accountNumber: A, allocations: [{ invoiceNumber: 'INV-1', amountCents: 100 }] },
        outsider,
      ),
    );
    expect(refused.status).toBe('not-found');
  });

  it('refuses a paid or void invoice', async () => {
    f.invoice('INV-V', 10_000, { status: 'void' });
    const refused = await refusal(
      start({ paymentId: uuid(14), accountNumber: A, allocations: [{ invoiceNumber: 'INV-V', amountCents: 100 }] }),
    );
    expect(refused).toMatchObject({ status: 'aborted', message: expect.stringContaining('void') });
  });

  it('a card part under $0.50 (Stripe’s minimum) is a 400 before any payment or intent (docs/decisions/0089-card-payments-under-the-minimum-or-refused.md)', async () => {
    f.invoice('INV-1', 40_000);
    await f.grantCredit(A, 39_970);
    const tooSmall = start({
      paymentId: uuid(40),
      accountNumber: A,
      applyCredit: true,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 40_000 }],
    });
    expect(await refusal(tooSmall)).toEqual({ status: 'invalid-argument', message: cardPartTooSmall(30) });
    expect(
      await refusal(
        start({ paymentId: uuid(41), accountNumber: A, allocations: [{ invoiceNumber: 'INV-1', amountCents: 49 }] }),
      ),
    ).toEqual({
      status: 'invalid-argument',
      message: cardPartTooSmall(49),
    });
    expect(f.deps.gateway.intents.size).toBe(0);
    expect(await f.deps.money.getPayment(uuid(40))).toBeNull();

    const fifty = await start({
      paymentId: uuid(42),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 50 }],
    });
    expect(fifty).toMatchObject({ status: 'awaiting-card', cardCents: 50 });
  });

  it('refuses a payment id reused for other amounts', async () => {
    f.invoice('INV-1', 10_000);
    await start({ paymentId: uuid(15), accountNumber: A, allocations: [{ invoiceNumber: 'INV-1', amountCents: 100 }] });
    const refused = await refusal(
      start({ paymentId: uuid(15), accountNumber: A, allocations: [{ invoiceNumber: 'INV-1', amountCents: 200 }] }),
    );
    expect(refused).toEqual({ status: 'aborted', message: PAYMENT_ID_REUSED });
  });

  it('the input schema refuses zero, negative, fractional and duplicate amounts', () => {
    const bad = [
      [{ invoiceNumber: 'INV-1', amountCents: 0 }],
      [{ invoiceNumber: 'INV-1', amountCents: -5 }],
      [{ invoiceNumber: 'INV-1', amountCents: 1.5 }],
      [
        { invoiceNumber: 'INV-1', amountCents: 5 },
        { invoiceNumber: 'inv-1', amountCents: 5 },
      ],
      [],
    ];
    for (const allocations of bad)
      expect(startPaymentInputSchema.safeParse({ paymentId: uuid(1), accountNumber: A, allocations }).success).toBe(
        false,
      );
  });

  it('a refresh during payment finds the same payment: confirm before the card answers awaiting-card', async () => {
    f.invoice('INV-1', 10_000);
    const view = await start({
      paymentId: uuid(16),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 10_000 }],
    });
    const again = await confirmPayment(practice, { paymentId: uuid(16) }, f.deps);
    expect(again).toMatchObject({ status: 'awaiting-card', intentId: view.intentId });
    expect(again.checkout?.clientSecret).toBe(view.checkout?.clientSecret);
  });

  it('retries a commit that met contention and still writes once', async () => {
    f.invoice('INV-1', 10_000);
    f.deps.money.failNextCommit('contention', 2);
    const view = await start({
      paymentId: uuid(17),
      accountNumber: A,
      allocations: [{ invoiceNumber: 'INV-1', amountCents: 10_000 }],
    });
    expect(view.status).toBe('awaiting-card');
    expect(f.deps.money.payments.size).toBe(1);
  });
});
