import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { autopayDeps } from '../../lambdas/jobs/autopay';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { companySortKey } from '../../lambdas/search/customer-sort-key';
import { autopayPaymentId, runAutopay } from '../../lambdas/use-cases/payments/autopay';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, putRow, userRow } from '../support/dynamo-rows';
import { waitForEmail } from '../support/mailbox';
import { sampleInvoice } from '../support/money-email-fakes';

/**
 * Cards on file and autopay on the emulators: the real routes behind the local gateway, the fake card gateway's
 * SetupIntents, saved cards and off-session charges, DynamoDB Local and the SES mailbox; the job with the adapters
 * its Lambda uses, on days in May 2031 (no other test's money is there).
 */

type Api = ReturnType<typeof caller>;

interface Practice {
  account: string;
  email: string;
  api: Api;
}

async function newPractice(prefix: string): Promise<Practice> {
  const account = `${prefix}-${randomUUID().slice(0, 6).toUpperCase()}`;
  const company = `Autopay ${account}`;
  await putRow('customers', customerRow(account, { company, companyKey: companySortKey(company, account) }));
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber: account, firstName: 'Pat' }));
  return { account, email: user.email, api: caller(urls.api, await signIn(user)) };
}

/** What the browser's card form does: the card goes to the gateway, never to the portal's API. */
async function gatewayPage(page: 'setup' | 'authenticate', body: Record<string, unknown>) {
  const res = await fetch(`${urls.fakeGateway}/fake-gateway/${page}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status?: string } };
}

/** Saves a test card on the practice's account as the Cards & autopay tab does; answers the finish's answer. */
async function saveCard(p: Practice, cardNumber: string, authenticate = false) {
  const started = await p.api('startCardSetup', { accountNumber: p.account });
  expect(started.status).toBe(200);
  const { setupIntentId, clientSecret } = started.body['result'];
  const given = await gatewayPage('setup', { clientSecret, cardNumber, expiry: '12/34', cvc: '123' });
  expect(given.status).toBe(200);
  if (authenticate) {
    expect(given.body.status).toBe('requires_action');
    // Finished before the bank's answer, the card is not saved: a clear 400.
    const early = await p.api('finishCardSetup', { accountNumber: p.account, setupIntentId });
    expect(early.status).toBe(400);
    expect((await gatewayPage('authenticate', { clientSecret, approve: true })).status).toBe(200);
  }
  return p.api('finishCardSetup', { accountNumber: p.account, setupIntentId });
}

/** An invoice of $408.50 (the sample's lines) issued in April 2031, due on the 10th of May. */
async function invoiceDue(account: string) {
  const totalCents = 40_850;
  const invoice = sampleInvoice({
    invoiceNumber: `AP-${randomUUID().slice(0, 8).toUpperCase()}`,
    accountNumber: account,
    totalCents,
    balanceCents: totalCents,
    paidCents: 0,
    creditedCents: 0,
    status: 'open',
    issuedAt: '2031-04-20T15:00:00.000Z',
    dueDate: '2031-05-10',
    settlements: [],
    version: 0,
  });
  await dynamoMoneyStore().commit({ invoices: [{ invoice, expectedVersion: null }] });
  return invoice.invoiceNumber;
}

/**
 * The job as on `day`: its writes dated that day, so the statement of May 2031 holds them. (Its emails are then due
 * in 2031 too, past what the outbox consumer delivers now: the email test runs the job at today's time.)
 */
const jobOn = (day: string) => ({ ...autopayDeps(), now: () => new Date(`${day}T14:00:00.000Z`) });

let visa: Practice;
let strict: Practice;
beforeAll(async () => {
  [visa, strict] = await Promise.all([newPractice('AV'), newPractice('AS')]);
});

describe('cards on file and autopay against the emulators and the fake gateway', () => {
  it('saves cards (one that asks for authentication) and shows brand, last four and expiry; never a number', async () => {
    const first = await saveCard(visa, '4242424242424242');
    expect(first.status).toBe(200);
    const second = await saveCard(visa, '4000002500003155', true);
    const cards = second.body['result'].cards;
    expect(cards).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true }),
      expect.objectContaining({ brand: 'visa', last4: '3155', isDefault: false }),
    ]);
    expect(JSON.stringify(second.body)).not.toContain('4000002500003155');
    const made = await visa.api('setDefaultCard', {
      accountNumber: visa.account,
      paymentMethodId: cards[1].paymentMethodId,
    });
    expect(made.body['result'].cards.map((c: { isDefault: boolean }) => c.isDefault)).toEqual([false, true]);
    const on = await visa.api('setAutopay', { accountNumber: visa.account, enabled: true, dayOfMonth: 15 });
    expect(on.body['result'].autopay).toMatchObject({ enabled: true, dayOfMonth: 15 });
    const badDay = await visa.api('setAutopay', { accountNumber: visa.account, enabled: true, dayOfMonth: 31 });
    expect(badDay.status).toBe(400);
  });

  it('charges the due invoices once under concurrent runs and a rerun: one card settlement, the payment id’s', async () => {
    const invoiceNumber = await invoiceDue(visa.account);
    const reports = await Promise.all(
      Array.from({ length: 6 }, () => runAutopay({ day: '2031-05-15' }, jobOn('2031-05-15'))),
    );
    await runAutopay({ day: '2031-05-16' }, jobOn('2031-05-16'));
    expect(reports.every((r) => r.errors === 0)).toBe(true);

    const paymentId = autopayPaymentId(visa.account, '2031-05');
    const payment = await dynamoMoneyStore().getPayment(paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', cardCents: 40_850, autopay: { attempts: 1 } });
    const invoice = await dynamoMoneyStore().getInvoice(invoiceNumber);
    expect(invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(invoice!.settlements).toEqual([expect.objectContaining({ method: 'card', amountCents: 40_850, paymentId })]);

    const view = await visa.api('getCardsAndAutopay', { accountNumber: visa.account });
    expect(view.status).toBe(200);
  });

  it('a bank that asks for authentication emails the payer a link; finished in the portal, the charge settles', async () => {
    await saveCard(strict, '4000002760003184', true);
    await strict.api('setAutopay', { accountNumber: strict.account, enabled: true, dayOfMonth: 15 });
    const invoiceNumber = await invoiceDue(strict.account);
    const reports = await Promise.all([
      runAutopay({ day: '2031-05-15' }, autopayDeps()),
      runAutopay({ day: '2031-05-15' }, autopayDeps()),
    ]);
    expect(reports.map((r) => r.errors)).toEqual([0, 0]);
    const paymentId = autopayPaymentId(strict.account, '2031-05');
    const email = await waitForEmail(urls.ses, strict.email, (e) => /confirm your autopay/i.test(e.subject));
    // The link (`?tab=autopay&authenticate={paymentId}`) is a plain name here: the local stack has no portal URL.
    expect(email.body.text ?? email.body.html).toContain('Cards & autopay');
    const waiting = await strict.api('confirmPayment', { paymentId });
    expect(waiting.body['result']).toMatchObject({ status: 'awaiting-card', autopay: { needsAuthentication: true } });

    // The link's page: the payment's checkout, the bank's page at the gateway, then the server reads the outcome.
    const { clientSecret } = waiting.body['result'].checkout;
    expect((await gatewayPage('authenticate', { clientSecret, approve: true })).status).toBe(200);
    const after = await strict.api('confirmPayment', { paymentId });
    expect(after.body['result'].status).toBe('succeeded');
    await runAutopay({ day: '2031-05-16' }, autopayDeps());
    expect(await dynamoMoneyStore().getInvoice(invoiceNumber)).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect((await dynamoMoneyStore().getInvoice(invoiceNumber))!.settlements).toHaveLength(1);
  });

  it('a card of another account cannot be made default or removed, and bad input is a 400 that changes nothing', async () => {
    const other = await visa.api('getCardsAndAutopay', { accountNumber: visa.account });
    const pm = other.body['result'].cards[0].paymentMethodId;
    expect((await strict.api('setDefaultCard', { accountNumber: strict.account, paymentMethodId: pm })).status).toBe(
      404,
    );
    expect((await strict.api('removeCard', { accountNumber: strict.account, paymentMethodId: pm })).status).toBe(404);
    expect((await visa.api('removeCard', { accountNumber: visa.account, paymentMethodId: 'x y' })).status).toBe(400);
    const again = await visa.api('getCardsAndAutopay', { accountNumber: visa.account });
    expect(again.body['result'].cards).toHaveLength(2);
  });

  it('finishing a setup the gateway does not know is a 400 with its reason, never a 500, and saves no card', async () => {
    const unknown = await visa.api('finishCardSetup', { accountNumber: visa.account, setupIntentId: 'seti_not_ours' });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(400);
    expect(unknown.body['error'].message).toMatch(
      /^The card gateway refused this payment request: No such setupintent/,
    );
    const after = await visa.api('getCardsAndAutopay', { accountNumber: visa.account });
    expect(after.body['result'].cards).toHaveLength(2);
  });
});
