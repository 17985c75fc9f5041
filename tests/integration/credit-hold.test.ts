import { stackUrls as urls } from './helpers/stack-env';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_HOLD_MESSAGES } from '../../core/schemas/credit-hold';
import { dynamoBillingSettings } from '../../lambdas/adapters/dynamo-billing-settings';
import { dynamoCustomersRepository } from '../../lambdas/adapters/dynamo-customers-repository';
import { dynamoMoneyStore } from '../../lambdas/adapters/dynamo-money-store';
import { dynamoPaymentReminderMarks } from '../../lambdas/adapters/dynamo-payment-reminder-marks';
import { sendPaymentReminders } from '../../lambdas/use-cases/billing/payment-reminders';
import { companySortKey } from '../../lambdas/search/customer-sort-key';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { customerRow, getRow, putLensDesign, putRow, userRow } from '../support/dynamo-rows';
import { memoryLogger } from '../support/in-memory-ports';
import { sampleInvoice } from '../support/money-email-fakes';
import { testDesign } from '../support/order-fakes';

/**
 * Credit hold through the local gateway (docs/decisions/0111-credit-hold.md): billing staff hold and release an
 * account; a held account's submitted order is not approvable (409) and goes on once released; the practice reads
 * why. The daily job holds an account at the lab's days past due.
 */
const accountNumber = `CH-${randomUUID().slice(0, 8).toUpperCase()}`;
const LENS_ID = `ch-scleral-${randomUUID().slice(0, 8)}`;
let practice: ReturnType<typeof caller>;
let billing: ReturnType<typeof caller>;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  // companyKey: listed by the customers' byStatus index, as Customer Management writes a practice.
  await putRow(
    'customers',
    customerRow(accountNumber, { companyKey: companySortKey(`Practice ${accountNumber}`, accountNumber) }),
  );
  await putLensDesign(testDesign({ lensId: LENS_ID }));
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber, termsAccepted: true }));
  practice = caller(urls.api, await signIn(user));
  const biller = await createTestUser(['admin', 'billing']);
  await putRow('users', userRow(biller));
  billing = caller(urls.api, await signIn(biller));
  const desk = await createTestUser(['admin']);
  await putRow('users', userRow(desk));
  admin = caller(urls.api, await signIn(desk));
});

async function submittedOrder() {
  const placed = await practice('submitOrder', {
    orderId: randomUUID(),
    accountNumber,
    order: {
      patient: 'Hold Test',
      poNumber: 'PO-1',
      lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
      shipping: { method: 'standard', address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body['result'] as { orderId: string; version: number };
}

describe('credit hold on the emulators', () => {
  it('held: the order waits (approve is a 409 saying why), the practice reads the reason; released: it is approved', async () => {
    const order = await submittedOrder();
    const held = await billing('setCreditHold', {
      accountNumber,
      reason: 'Invoice INV-9 is 75 days past due.',
      version: 0,
    });
    expect(held.status).toBe(200);
    expect(held.body['result'].creditHold).toMatchObject({
      reason: 'Invoice INV-9 is 75 days past due.',
      automatic: false,
    });

    const standing = await practice('getAccountStanding', { accountNumber });
    expect(standing.body['result'].creditHold.reason).toBe('Invoice INV-9 is 75 days past due.');
    expect(
      (await admin('listCreditHolds', {})).body['result'].items.map((i: { accountNumber: string }) => i.accountNumber),
    ).toContain(accountNumber);

    const refused = await admin('approveOrder', { orderId: order.orderId, version: order.version });
    expect(refused.status).toBe(409);
    expect(refused.body['error'].message).toBe(CREDIT_HOLD_MESSAGES.notApprovable(accountNumber));
    expect((await getRow('orders', { orderId: order.orderId }))?.['status']).toBe('submitted');

    expect((await admin('releaseCreditHold', { accountNumber, version: 1 })).status).toBe(403);
    const released = await billing('releaseCreditHold', { accountNumber, version: 1 });
    expect(released.body['result'].creditHold).toBeNull();
    const approved = await admin('approveOrder', { orderId: order.orderId, version: order.version });
    expect(approved.status).toBe(200);
    expect(approved.body['result'].status).toBe('approved');
  });

  it('the daily job holds an account at the lab’s automatic days past due, once', async () => {
    const account = `CA-${randomUUID().slice(0, 8).toUpperCase()}`;
    await putRow('customers', customerRow(account));
    const money = dynamoMoneyStore();
    const invoice = sampleInvoice({
      invoiceNumber: `INV-${account}`,
      accountNumber: account,
      dueDate: '2031-01-01',
      version: 0,
    });
    await money.commit({ invoices: [{ invoice, expectedVersion: null }] });
    const settings = dynamoBillingSettings({ id: `test-${randomUUID()}` });
    await settings.put({ ...(await settings.get()), reminderDays: [], autoHoldDaysPastDue: 60 }, 0);
    const deps = {
      money: {
        listInvoices: async (query: Parameters<typeof money.listInvoices>[0]) => {
          const page = await money.listInvoices(query);
          return { ...page, items: page.items.filter((i) => i.accountNumber === account) };
        },
        getInvoices: (numbers: string[]) => money.getInvoices(numbers),
      },
      customers: dynamoCustomersRepository(),
      settings,
      marks: dynamoPaymentReminderMarks(),
      log: memoryLogger().log,
    };
    expect((await sendPaymentReminders({ ...deps, now: () => new Date('2031-02-15T12:00:00Z') })).held).toBe(0);
    expect((await sendPaymentReminders({ ...deps, now: () => new Date('2031-03-05T12:00:00Z') })).held).toBe(1);
    expect((await sendPaymentReminders({ ...deps, now: () => new Date('2031-03-06T12:00:00Z') })).held).toBe(0);
    expect((await getRow('customers', { accountNumber: account }))?.['creditHold']).toMatchObject({
      automatic: true,
      by: 'auto',
    });
  });
});
