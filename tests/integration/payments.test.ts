import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, getRow, putRow, userRow } from '../support/dynamo-rows';
import { listEmails, waitForEmail, type StoredEmail } from '../support/mailbox';
import { labUser } from '../support/stack-users';

/**
 * Pay Online through the local stack: the real routes behind the local API gateway,
 * DynamoDB Local transactions, the fake card gateway service and its signed webhooks, the SES mailbox.
 */

type Api = ReturnType<typeof caller>;
let practice: Api;
let lab: Api;
let payerEmail: string;
const account = `PY-${randomUUID().slice(0, 6).toUpperCase()}`;

async function newInvoice(totalCents: number): Promise<string> {
  const invoiceNumber = `IT-${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await lab('createInvoice', {
    invoiceNumber,
    accountNumber: account,
    lines: [{ description: 'Scleral lens', quantity: 1, unitCents: totalCents }],
  });
  expect(created.status).toBe(200);
  return invoiceNumber;
}

/** What the payer's browser does with the checkout: give the card to the gateway itself. */
async function giveCard(clientSecret: string, cardNumber: string) {
  const res = await fetch(`${urls.fakeGateway}/fake-gateway/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret, cardNumber, expiry: '12/34', cvc: '123' }),
  });
  await res.arrayBuffer();
}

const invoice = async (invoiceNumber: string) =>
  (await practice('getInvoice', { invoiceNumber, accountNumber: account })).body['result'];

beforeAll(async () => {
  await putRow('customers', customerRow(account, { company: `Payments ${account}` }));
  const user = await createTestUser(['customer']);
  payerEmail = user.email;
  await putRow('users', userRow(user, { accountNumber: account, firstName: 'Pat' }));
  practice = caller(urls.api, await signIn(user));
  lab = caller(urls.api, await labUser());
});

describe('Pay Online against the emulators and the fake gateway', () => {
  it('20 concurrent identical payments make one intent, one charge and one allocation', async () => {
    const invoiceNumber = await newInvoice(40_000);
    const paymentId = randomUUID();
    const input = { paymentId, accountNumber: account, allocations: [{ invoiceNumber, amountCents: 15_000 }] };
    const started = await Promise.all(Array.from({ length: 20 }, () => practice('startPayment', input)));
    expect(started.map((a) => a.status)).toEqual(Array(20).fill(200));
    const intents = new Set(started.map((a) => a.body['result'].intentId));
    expect(intents.size).toBe(1);
    await giveCard(started[0]!.body['result'].checkout.clientSecret, '4242424242424242');

    const confirmed = await Promise.all(Array.from({ length: 20 }, () => practice('confirmPayment', { paymentId })));
    expect(confirmed.every((a) => a.status === 200 && a.body['result'].status === 'succeeded')).toBe(true);
    // The gateway's webhook arrives too; it must not allocate again.
    await new Promise((r) => setTimeout(r, 1_000));
    const paid = await invoice(invoiceNumber);
    expect(paid).toMatchObject({ status: 'partially-paid', paidCents: 15_000, balanceCents: 25_000 });
    expect(paid.settlements).toHaveLength(1);
    const isReceipt = (e: StoredEmail) =>
      /receipt/i.test(e.subject) && (e.body.text ?? e.body.html ?? '').includes(invoiceNumber);
    await waitForEmail(urls.ses, payerEmail, isReceipt);
    // The browser's 20 confirms and the webhook all settled it; only the commit that landed stored a receipt.
    // Wait out a few of the outbox consumer's beats before counting.
    await new Promise((r) => setTimeout(r, 3_000));
    const receipts = (await listEmails(urls.ses)).filter(
      (e) => e.destination.to.some((to) => to.toLowerCase() === payerEmail.toLowerCase()) && isReceipt(e),
    );
    expect(receipts).toHaveLength(1);
  });

  it('a declined card (4000 0000 0000 0002) shows the gateway reason and changes nothing', async () => {
    const invoiceNumber = await newInvoice(10_000);
    const paymentId = randomUUID();
    const started = await practice('startPayment', {
      paymentId,
      accountNumber: account,
      allocations: [{ invoiceNumber, amountCents: 10_000 }],
    });
    await giveCard(started.body['result'].checkout.clientSecret, '4000000000000002');
    const after = await practice('confirmPayment', { paymentId });
    expect(after.body['result']).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await invoice(invoiceNumber)).toMatchObject({ status: 'open', balanceCents: 10_000, version: 0 });
  });

  it('two payers racing on one invoice never overpay it; the excess becomes account credit', async () => {
    const invoiceNumber = await newInvoice(20_000);
    const before = (await getRow('creditLedger', { accountNumber: account, sk: 'balance' }))?.['availableCents'] ?? 0;
    const ids = [randomUUID(), randomUUID()];
    const starts = await Promise.all(
      ids.map((paymentId) =>
        practice('startPayment', {
          paymentId,
          accountNumber: account,
          allocations: [{ invoiceNumber, amountCents: 20_000 }],
        }),
      ),
    );
    for (const s of starts) await giveCard(s.body['result'].checkout.clientSecret, '4242424242424242');
    await Promise.all(ids.map((paymentId) => practice('confirmPayment', { paymentId })));
    const settled = await invoice(invoiceNumber);
    expect(settled).toMatchObject({ status: 'paid', paidCents: 20_000, balanceCents: 0 });
    const credit = await getRow('creditLedger', { accountNumber: account, sk: 'balance' });
    expect(Number(credit?.['availableCents']) - Number(before)).toBe(20_000);
  });

  it('bad input is a 400 that stores nothing, never a 5xx', async () => {
    const invoiceNumber = await newInvoice(5_000);
    for (const allocations of [
      [{ invoiceNumber, amountCents: 0 }],
      [{ invoiceNumber, amountCents: 5_001.5 }],
      [{ invoiceNumber, amountCents: 1e15 }],
      [{ invoiceNumber: '<script>', amountCents: 1 }],
    ]) {
      const paymentId = randomUUID();
      const answer = await practice('startPayment', { paymentId, accountNumber: account, allocations });
      expect(answer.status).toBe(400);
      expect(await getRow('payments', { paymentId })).toBeUndefined();
    }
    const over = await practice('startPayment', {
      paymentId: randomUUID(),
      accountNumber: account,
      allocations: [{ invoiceNumber, amountCents: 5_001 }],
    });
    expect(over.status).toBe(409);
  });
});
