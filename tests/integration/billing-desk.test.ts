import { stackEnv as env, stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePaymentGateway } from '../../lambdas/adapters/fake-payment-gateway';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, getRow, putRow, userRow } from '../support/dynamo-rows';
import { waitForEmail } from '../support/mailbox';
import { labUser } from '../support/stack-users';

/**
 * The billing desk through the local stack (docs/decisions/0108-refunds-disputes-and-applied-credit.md): refunds
 * through the fake gateway service and DynamoDB Local transactions, a chargeback raised at the fake gateway and
 * delivered by its signed webhook, and lens credit applied by the lab, concurrently.
 */

type Api = ReturnType<typeof caller>;
let practice: Api;
let billing: Api;
let payerEmail: string;
const account = `BD-${randomUUID().slice(0, 6).toUpperCase()}`;

async function newInvoice(totalCents: number): Promise<string> {
  const invoiceNumber = `BD-${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await billing('createInvoice', {
    invoiceNumber,
    accountNumber: account,
    lines: [{ description: 'Scleral lens', quantity: 1, unitCents: totalCents }],
  });
  expect(created.status).toBe(200);
  return invoiceNumber;
}

/** A card payment of the whole invoice, confirmed: answers its id and intent. */
async function paidByCard(invoiceNumber: string, amountCents: number) {
  const paymentId = randomUUID();
  const started = await practice('startPayment', {
    paymentId,
    accountNumber: account,
    allocations: [{ invoiceNumber, amountCents }],
  });
  expect(started.status).toBe(200);
  const { clientSecret } = started.body['result'].checkout;
  const res = await fetch(`${urls.fakeGateway}/fake-gateway/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
  });
  await res.arrayBuffer();
  const confirmed = await practice('confirmPayment', { paymentId });
  expect(confirmed.body['result'].status).toBe('succeeded');
  return { paymentId, intentId: started.body['result'].intentId as string };
}

const invoice = async (invoiceNumber: string) =>
  (await billing('getInvoice', { invoiceNumber, accountNumber: account })).body['result'];

const refund = (paymentId: string, invoiceNumber: string, amountCents: number, refundId = randomUUID()) =>
  billing('refundPayment', { refundId, paymentId, invoiceNumber, amountCents, reason: 'Lens returned unopened' });

beforeAll(async () => {
  await putRow('customers', customerRow(account, { company: `Billing desk ${account}` }));
  const user = await createTestUser(['customer']);
  payerEmail = user.email;
  await putRow('users', userRow(user, { accountNumber: account, firstName: 'Pat' }));
  practice = caller(urls.api, await signIn(user));
  billing = caller(urls.api, await labUser(['admin', 'billing']));
});

describe('the billing desk against the emulators and the fake gateway', () => {
  it('refunds part of a card payment: the gateway refunds, the invoice reopens by that amount, a receipt is emailed', async () => {
    const invoiceNumber = await newInvoice(30_000);
    const { paymentId } = await paidByCard(invoiceNumber, 30_000);

    const answer = await refund(paymentId, invoiceNumber, 7_525);
    expect(answer.status).toBe(200);
    expect(answer.body['result'].refund).toMatchObject({ status: 'succeeded', amountCents: 7_525 });
    expect(await invoice(invoiceNumber)).toMatchObject({
      status: 'partially-paid',
      paidCents: 22_475,
      balanceCents: 7_525,
      refunds: [expect.objectContaining({ amountCents: 7_525, paymentId })],
    });
    const stored = await getRow('payments', { paymentId });
    expect(stored?.['refunds']).toEqual([
      expect.objectContaining({ status: 'succeeded', gatewayRefundId: expect.stringMatching(/^re_fake_/) }),
    ]);
    await waitForEmail(urls.ses, payerEmail, (e) => /Refund of \$75\.25/.test(e.subject));
  });

  it('refunds the rest in full once, however many identical requests race, and refuses a cent more', async () => {
    const invoiceNumber = await newInvoice(12_000);
    const { paymentId } = await paidByCard(invoiceNumber, 12_000);
    const refundId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refund(paymentId, invoiceNumber, 12_000, refundId)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body['result'].refund.gatewayRefundId)).size).toBe(1);
    expect(await invoice(invoiceNumber)).toMatchObject({ status: 'open', paidCents: 0, balanceCents: 12_000 });

    const more = await refund(paymentId, invoiceNumber, 1);
    expect(more.status).toBe(400);
    expect(more.body['error'].message).toBe(
      `Nothing of this card payment is left to refund on invoice ${invoiceNumber}.`,
    );
  });

  it('different partial refunds racing never refund more than the card captured', async () => {
    const invoiceNumber = await newInvoice(10_000);
    const { paymentId } = await paidByCard(invoiceNumber, 10_000);
    const answers = await Promise.all(
      [4_000, 4_000, 4_000, 4_000].map((cents) => refund(paymentId, invoiceNumber, cents)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(await invoice(invoiceNumber)).toMatchObject({ paidCents: 2_000, balanceCents: 8_000 });
  });

  it('a chargeback raised at the gateway arrives by the signed webhook, marks the payment and shows on the invoice', async () => {
    const invoiceNumber = await newInvoice(9_900);
    const { paymentId, intentId } = await paidByCard(invoiceNumber, 9_900);
    const raised = await fetch(`${urls.fakeGateway}/v1/intents/${intentId}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'product_not_received' }),
    });
    expect(raised.status).toBe(200);
    await expect
      .poll(async () => (await getRow('payments', { paymentId }))?.['dispute'], { timeout: 10_000 })
      .toMatchObject({ status: 'open', reason: 'product_not_received', amountCents: 9_900 });
    expect((await invoice(invoiceNumber)).disputes).toEqual([
      expect.objectContaining({ paymentId, status: 'open', amountCents: 9_900 }),
    ]);
    // While the bank holds the money, the desk cannot refund it.
    expect((await refund(paymentId, invoiceNumber, 100)).status).toBe(409);
    // The gateway's adapter reads the same event the stack received.
    const gateway = fakePaymentGateway({ baseUrl: urls.fakeGateway, webhookSecret: env.FAKE_GATEWAY_WEBHOOK_SECRET! });
    expect((await gateway.retrieveIntent(intentId)).paymentId).toBe(paymentId);
  });

  it('applies credit concurrently: never more than the credit balance nor the invoice’s open amount', async () => {
    const invoiceNumber = await newInvoice(5_000);
    const granted = await billing('grantGoodwillCredit', {
      entryId: randomUUID(),
      accountNumber: account,
      amountCents: 2_500,
      note: 'For the billing desk test',
    });
    expect(granted.status).toBe(200);
    const applies = await Promise.all(
      Array.from({ length: 5 }, () =>
        billing('applyCreditToInvoice', { entryId: randomUUID(), invoiceNumber, amountCents: 1_000 }),
      ),
    );
    expect(applies.filter((a) => a.status === 200)).toHaveLength(2);
    expect(applies.every((a) => a.status < 500)).toBe(true);
    const balance = await getRow('creditLedger', { accountNumber: account, sk: 'balance' });
    expect(balance?.['availableCents']).toBe(500);
    expect(await invoice(invoiceNumber)).toMatchObject({ creditedCents: 2_000, balanceCents: 3_000 });

    const over = await billing('applyCreditToInvoice', { entryId: randomUUID(), invoiceNumber, amountCents: 3_001 });
    expect(over.status).toBe(400);
  });

  it('the money routes are the billing permission’s: an admin without it gets 403 and nothing changes', async () => {
    const admin = caller(urls.api, await labUser(['admin']));
    const invoiceNumber = await newInvoice(1_000);
    const answer = await admin('applyCreditToInvoice', { entryId: randomUUID(), invoiceNumber, amountCents: 100 });
    expect(answer.status).toBe(403);
    expect(await invoice(invoiceNumber)).toMatchObject({ version: 0 });
  });
});
