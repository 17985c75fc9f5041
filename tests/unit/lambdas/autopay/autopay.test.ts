import { beforeEach, describe, expect, it } from 'vitest';
import { setAutopayInputSchema } from '../../../../core/schemas/cards';
import {
  autopayPaymentId,
  finishCardSetup,
  getCardsAndAutopay,
  removeCard,
  runAutopay,
  setAutopay,
  startCardSetup,
  type AutopayDeps,
} from '../../../../lambdas/use-cases/payments/autopay';
import {
  AUTOPAY_NEEDS_CARD,
  LAST_CARD_WITH_AUTOPAY,
  SETUP_NOT_FOUND,
} from '../../../../lambdas/use-cases/payments/autopay/cards';
import { confirmPayment } from '../../../../lambdas/use-cases/payments/payments';
import { InMemoryBillingProfiles } from '../../../support/in-memory-billing-profiles';
import { InMemoryCardVault, type CardBehavior } from '../../../support/in-memory-card-vault';
import { A, B, moneyFixture, outsider, practice, refusal, type MoneyFixture } from '../money/money-fixture';

let f: MoneyFixture;
let vault: InMemoryCardVault;
let profiles: InMemoryBillingProfiles;
let deps: MoneyFixture['deps'] & AutopayDeps & { profiles: InMemoryBillingProfiles };

beforeEach(() => {
  f = moneyFixture();
  vault = new InMemoryCardVault(f.deps.gateway);
  profiles = new InMemoryBillingProfiles();
  deps = { ...f.deps, vault, profiles };
});

const emailKinds = () => f.outbox.notices<{ kind: string }>('money').map((e) => e.kind);
const MONTH_ID = () => autopayPaymentId(A, '2026-03');

/** The practice saves a card (the browser's part played by the vault) and turns autopay on for the 15th. */
async function autopayOn(behavior: CardBehavior = 'succeeds', applyCredit = false) {
  const setup = await startCardSetup(practice, { accountNumber: A }, deps);
  vault.saveCard(setup.setupIntentId, behavior);
  await finishCardSetup(practice, { accountNumber: A, setupIntentId: setup.setupIntentId }, deps);
  return setAutopay(
    practice,
    setAutopayInputSchema.parse({ accountNumber: A, enabled: true, dayOfMonth: 15, applyCredit }),
    deps,
  );
}

describe('cards on file', () => {
  it('a saved card shows brand, last four and expiry, and the first card becomes the default', async () => {
    const view = await autopayOn();
    expect(view.cards).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true }),
    ]);
    expect(view.autopay).toMatchObject({ enabled: true, dayOfMonth: 15, payerName: 'Ann Test' });
  });

  it('finishing another account’s setup is not found, and finishing twice saves the card once', async () => {
    const setup = await startCardSetup(practice, { accountNumber: A }, deps);
    vault.saveCard(setup.setupIntentId);
    const input = { accountNumber: A, setupIntentId: setup.setupIntentId };
    await Promise.all([finishCardSetup(practice, input, deps), finishCardSetup(practice, input, deps)]);
    expect((await getCardsAndAutopay(practice, { accountNumber: A }, deps)).cards).toHaveLength(1);
    // Eve (account B) replays A's setup id on her own account: her customer is not the setup's.
    await startCardSetup(outsider, { accountNumber: B }, deps);
    expect(
      await refusal(finishCardSetup(outsider, { accountNumber: B, setupIntentId: setup.setupIntentId }, deps)),
    ).toEqual({
      status: 'not-found',
      message: SETUP_NOT_FOUND,
    });
    expect(await refusal(getCardsAndAutopay(outsider, { accountNumber: A }, deps))).toMatchObject({
      status: 'not-found',
    });
  });

  it('autopay needs a card, and the last card cannot be removed while autopay is on', async () => {
    const on = setAutopayInputSchema.parse({ accountNumber: A, enabled: true, dayOfMonth: 15 });
    expect(await refusal(setAutopay(practice, on, deps))).toEqual({
      status: 'invalid-argument',
      message: AUTOPAY_NEEDS_CARD,
    });
    const view = await autopayOn();
    const card = { accountNumber: A, paymentMethodId: view.cards[0]!.paymentMethodId };
    expect(await refusal(removeCard(practice, card, deps))).toEqual({
      status: 'invalid-argument',
      message: LAST_CARD_WITH_AUTOPAY,
    });
    await setAutopay(practice, { ...on, enabled: false }, deps);
    const after = await removeCard(practice, card, deps);
    expect(after.cards).toEqual([]);
    expect(vault.cards.get(card.paymentMethodId)!.customerId).toBeNull();
  });
});

describe('autopay', () => {
  it('pays the invoices due by its day once, however many runs at once and again', async () => {
    await autopayOn();
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    f.invoice('INV-2', 20_000, { dueDate: '2026-03-15' });
    f.invoice('INV-3', 50_000, { dueDate: '2026-03-16' });
    expect((await runAutopay({ day: '2026-03-14' }, deps)).outcomes['not-due']).toBe(1);
    expect(f.deps.gateway.intents.size).toBe(0);

    const reports = await Promise.all(Array.from({ length: 5 }, () => runAutopay({ day: '2026-03-15' }, deps)));
    await runAutopay({ day: '2026-03-16' }, deps);
    expect(reports.map((r) => r.errors)).toEqual([0, 0, 0, 0, 0]);
    expect(f.deps.gateway.charges).toBe(1);
    expect(vault.confirms).toBe(1);
    const payment = f.deps.money.payments.get(MONTH_ID())!;
    expect(payment).toMatchObject({ status: 'succeeded', cardCents: 50_000, autopay: { attempts: 1 } });
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(f.deps.money.invoices.get('INV-2')).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(f.deps.money.invoices.get('INV-3')).toMatchObject({ status: 'open', balanceCents: 50_000 });
    expect(emailKinds()).toEqual(['payment-receipt']);
    expect((await getCardsAndAutopay(practice, { accountNumber: A }, deps)).lastRun).toMatchObject({
      status: 'succeeded',
      month: '2026-03',
      invoiceNumbers: ['INV-1', 'INV-2'],
    });
  });

  it('applies credit first when the practice chose so; the card pays the rest', async () => {
    await autopayOn('succeeds', true);
    await f.grantCredit(A, 12_000);
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    await runAutopay({ day: '2026-03-15' }, deps);
    expect(f.deps.money.payments.get(MONTH_ID())).toMatchObject({
      status: 'succeeded',
      creditCents: 12_000,
      cardCents: 18_000,
    });
    expect((await f.deps.money.getCreditBalance(A)).availableCents).toBe(0);
  });

  it('retries a soft decline on days 3, 5 and 7, then fails for good with one email; the invoices stay open', async () => {
    await autopayOn({ declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    const run = async (day: string) =>
      Object.entries((await runAutopay({ day }, deps)).outcomes).find(([, n]) => n)![0];
    expect(await run('2026-03-15')).toBe('retrying');
    expect(await run('2026-03-17')).toBe('retrying');
    expect(vault.confirms).toBe(1);
    expect(f.deps.money.payments.get(MONTH_ID())).toMatchObject({
      status: 'awaiting-card',
      autopay: { attempts: 1, nextAttemptOn: '2026-03-18' },
    });
    expect(await run('2026-03-18')).toBe('retrying');
    expect(await run('2026-03-20')).toBe('retrying');
    expect(await run('2026-03-22')).toBe('failed');
    expect(await run('2026-03-23')).toBe('failed');
    expect(vault.confirms).toBe(4);
    expect(f.deps.gateway.charges).toBe(0);
    expect(f.deps.money.payments.get(MONTH_ID())).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
    });
    expect(f.deps.money.invoices.get('INV-1')).toMatchObject({ status: 'open', version: 0 });
    expect(emailKinds()).toEqual(['autopay-failed']);
  });

  it('a hard decline fails for good at once', async () => {
    await autopayOn({ declineCode: 'stolen_card', message: 'Your card was declined.' });
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    expect((await runAutopay({ day: '2026-03-15' }, deps)).outcomes.failed).toBe(1);
    expect(emailKinds()).toEqual(['autopay-failed']);
  });

  it('a bank that asks for authentication gets the payer one email; the payer finishes it in the portal', async () => {
    await autopayOn('authenticate');
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    await Promise.all([runAutopay({ day: '2026-03-15' }, deps), runAutopay({ day: '2026-03-15' }, deps)]);
    await runAutopay({ day: '2026-03-16' }, deps);
    expect(emailKinds()).toEqual(['autopay-authentication']);
    const waiting = f.deps.money.payments.get(MONTH_ID())!;
    expect(waiting).toMatchObject({ status: 'awaiting-card', autopay: { needsAuthentication: true } });

    // The emailed link: the page confirms with the bank (the vault here), then asks the server.
    const before = await confirmPayment(practice, { paymentId: MONTH_ID() }, deps);
    expect(before.checkout).toMatchObject({ clientSecret: waiting.clientSecret });
    vault.authenticate(waiting.intentId!);
    const after = await confirmPayment(practice, { paymentId: MONTH_ID() }, deps);
    expect(after.status).toBe('succeeded');
    await runAutopay({ day: '2026-03-18' }, deps);
    expect(f.deps.gateway.charges).toBe(1);
    expect(emailKinds()).toEqual(['autopay-authentication', 'payment-receipt']);
  });

  it('an authentication not answered by the last retry day fails for good', async () => {
    await autopayOn('authenticate');
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    await runAutopay({ day: '2026-03-15' }, deps);
    expect((await runAutopay({ day: '2026-03-22' }, deps)).outcomes['needs-authentication']).toBe(1);
    expect((await runAutopay({ day: '2026-03-23' }, deps)).outcomes.failed).toBe(1);
    expect(f.deps.gateway.intents.get(f.deps.money.payments.get(MONTH_ID())!.intentId!)!.status).toBe('canceled');
    expect(emailKinds()).toEqual(['autopay-authentication', 'autopay-failed']);
  });

  it('turned off, it charges nothing, and a charge waiting for a retry is not tried again', async () => {
    await autopayOn({ declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    f.invoice('INV-1', 30_000, { dueDate: '2026-03-10' });
    await runAutopay({ day: '2026-03-15' }, deps);
    await setAutopay(practice, setAutopayInputSchema.parse({ accountNumber: A, enabled: false, dayOfMonth: 15 }), deps);
    await runAutopay({ day: '2026-03-18' }, deps);
    expect(vault.confirms).toBe(1);
  });
});
