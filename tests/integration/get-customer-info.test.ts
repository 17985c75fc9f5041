import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { sdkDocumentClient } from '../support/dynamo-rows';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn } from '../support/cognito-test-users';

type Handler = typeof import('../../lambdas/handlers/customers/get-customer-info').handler;
let getCustomerInfo: Handler;
let putItem: (table: 'users' | 'customers', item: Record<string, unknown>) => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  getCustomerInfo = (await import('../../lambdas/handlers/customers/get-customer-info')).handler;
  const dynamo = await import('../../lambdas/adapters/dynamo-client');
  putItem = async (table, item) => {
    await sdkDocumentClient().send(new PutCommand({ TableName: dynamo.tableName(table), Item: item }));
  };
});

async function call(token: string, data?: unknown) {
  const res = await getCustomerInfo(callableEvent('getCustomerInfo', { token, data }));
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
}
const account = () => `IT-${randomUUID().slice(0, 8).toUpperCase()}`;
const customerRow = (accountNumber: string, company: string) => ({
  accountNumber,
  company,
  phone: '555-0100',
  shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  pricingAllowed: true,
});

/** A customer user linked to `main` and `others`, with a users row as the admin screens would write it. */
async function linkedCustomer(main: string | undefined, others: string[]) {
  const user = await createTestUser(['customer']);
  await putItem('users', {
    userId: user.userId,
    email: user.email,
    firstName: 'Ann',
    lastName: 'Lee',
    ...(main ? { accountNumber: main } : {}),
    accountNumbers: others,
    termsAccepted: true,
    version: 0,
  });
  return signIn(user);
}

describe('getCustomerInfo against the emulators (spec 3, 7)', () => {
  it("answers the caller's main account with paging defaults and the other linked accounts", async () => {
    const [main, second] = [account(), account()];
    await putItem('customers', customerRow(main, 'Bright Eyes Optometry'));
    await putItem('customers', customerRow(second, 'Bright Eyes North'));
    const token = await linkedCustomer(main, [second]);
    const res = await call(token);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      accountNumber: main,
      additionalAccounts: [second],
      company: 'Bright Eyes Optometry',
      phone: '555-0100',
      shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      pricingAllowed: true,
      orders: [],
      page: 1,
      records: 25,
      total: 0,
    });
    const switched = await call(token, { account: second, page: 2, records: 50 });
    expect(switched.body.result).toMatchObject({ accountNumber: second, company: 'Bright Eyes North', page: 2 });
  });

  it('an account the caller is not linked to is not-found, even though it exists', async () => {
    const [mine, theirs] = [account(), account()];
    await putItem('customers', customerRow(mine, 'Mine'));
    await putItem('customers', customerRow(theirs, 'Someone else'));
    const res = await call(await linkedCustomer(mine, []), { account: theirs });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Someone else');
  });

  it('spec 4: a customer with no linked account gets not-found (ACCOUNTNUMBERNOTVERIFIED in the app)', async () => {
    expect((await call(await linkedCustomer(undefined, []))).status).toBe(404);
  });

  it('the seeded demo customer sees the main account and the two additional ones', async () => {
    const demo = inject('demoUsers').find((u) => u.key === 'customer');
    expect(demo).toBeDefined();
    const res = await call(await signIn(demo!));
    expect(res.body.result).toMatchObject({ accountNumber: 'BV-1001', additionalAccounts: ['BV-1002', 'BV-1003'] });
  });

  it('admins cannot call it (customer route)', async () => {
    const admin = await createTestUser(['admin']);
    expect((await call(await signIn(admin))).status).toBe(403);
  });
});
