import { describe, expect, it, vi } from 'vitest';
import { customerInfoInputSchema, customerRecordSchema } from '../../../../core/schemas/customers/customer-info';
import { linkedAccounts } from '../../../../lambdas/kernel/caller';
import { getCustomerInfo } from '../../../../lambdas/use-cases/customers/get-customer-info';
import { identity } from '../../../support/identities';
import { InMemoryCustomers, InMemoryUsers } from '../../../support/in-memory-ports';
import { InMemoryOrders } from '../../../support/order-fakes';
import { testUser } from '../../../support/test-directory';

const caller = identity(['customer']);

function setup(accountNumber: string | undefined, accountNumbers: string[]) {
  const users = new InMemoryUsers();
  users.rows.set(
    caller.userId,
    testUser({ userId: caller.userId, email: caller.email, firstName: 'A', accountNumber, accountNumbers }),
  );
  const customers = new InMemoryCustomers();
  for (const number of ['10042', '10043', '20001']) {
    customers.rows.set(
      number,
      customerRecordSchema.parse({
        accountNumber: number,
        company: `Practice ${number}`,
        phone: '555-0100',
        shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        pricingAllowed: number === '10042',
      }),
    );
  }
  return { users, customers, orders: new InMemoryOrders() };
}
const defaults = customerInfoInputSchema.parse(undefined);

describe('spec 3, 7 customer information', () => {
  it('answers the main account with the other linked accounts, defaults page 1 and 25 records, no orders yet', async () => {
    const deps = setup('10042', ['10043']);
    expect(await getCustomerInfo(caller, defaults, deps)).toEqual({
      accountNumber: '10042',
      additionalAccounts: ['10043'],
      company: 'Practice 10042',
      phone: '555-0100',
      shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      pricingAllowed: true,
      orders: [],
      page: 1,
      records: 25,
      total: 0,
    });
  });

  it("switching account answers another of the caller's linked accounts", async () => {
    const deps = setup('10042', ['10043']);
    const info = await getCustomerInfo(caller, { page: 2, records: 10, account: '10043' }, deps);
    expect(info).toMatchObject({ accountNumber: '10043', additionalAccounts: ['10042'], page: 2, records: 10 });
  });

  it('an account the caller is not linked to is not-found, like one that does not exist', async () => {
    const deps = setup('10042', []);
    await expect(getCustomerInfo(caller, { ...defaults, account: '20001' }, deps)).rejects.toMatchObject({
      status: 'not-found',
      message: 'Account not found',
    });
    await expect(getCustomerInfo(caller, { ...defaults, account: '99999' }, deps)).rejects.toMatchObject({
      status: 'not-found',
      message: 'Account not found',
    });
  });

  it('spec 4: a customer with no linked account gets not-found (the app then goes to /auth/request)', async () => {
    await expect(getCustomerInfo(caller, defaults, setup(undefined, []))).rejects.toMatchObject({
      status: 'not-found',
    });
    await expect(
      getCustomerInfo(caller, defaults, {
        users: new InMemoryUsers(),
        customers: new InMemoryCustomers(),
        orders: new InMemoryOrders(),
      }),
    ).rejects.toMatchObject({ status: 'not-found' });
  });

  it('a linked account with no customer row is not-found', async () => {
    await expect(getCustomerInfo(caller, defaults, setup('55555', []))).rejects.toMatchObject({ status: 'not-found' });
  });

  it('a linked account with no customer row is not-found even when its order list fails', async () => {
    const deps = setup('55555', []);
    const orders = {
      listByAccount: () => Promise.reject(new Error('the list timed out')),
      counters: async () => ({}),
    };
    await expect(getCustomerInfo(caller, defaults, { ...deps, orders })).rejects.toMatchObject({
      status: 'not-found',
    });
  });

  it("the practice, its orders and its count are read side by side, only once the account is known to be the caller's", async () => {
    const deps = setup('10042', []);
    const events: string[] = [];
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const users = {
      get: async (userId: string) => {
        const user = await deps.users.get(userId);
        await tick();
        events.push('user answered');
        return user;
      },
    };
    const readCustomer = deps.customers.get.bind(deps.customers);
    vi.spyOn(deps.customers, 'get').mockImplementation(async (accountNumber) => {
      events.push('practice asked');
      await tick();
      events.push('practice answered');
      return readCustomer(accountNumber);
    });
    const list = deps.orders.listByAccount.bind(deps.orders);
    vi.spyOn(deps.orders, 'listByAccount').mockImplementation(async (query) => {
      events.push('orders asked');
      return list(query);
    });
    const count = deps.orders.counters.bind(deps.orders);
    vi.spyOn(deps.orders, 'counters').mockImplementation(async (names) => {
      events.push('count asked');
      return count(names);
    });

    await getCustomerInfo(caller, defaults, { ...deps, users });
    expect(events[0]).toBe('user answered');
    expect(events.indexOf('orders asked')).toBeLessThan(events.indexOf('practice answered'));
    expect(events.indexOf('count asked')).toBeLessThan(events.indexOf('practice answered'));

    events.length = 0;
    await expect(getCustomerInfo(caller, { ...defaults, account: '20001' }, { ...deps, users })).rejects.toMatchObject({
      status: 'not-found',
    });
    expect(events).toEqual(['user answered']);
  });

  it('links come from accountNumber then accountNumbers, each once', () => {
    expect(linkedAccounts({ accountNumber: '1', accountNumbers: ['2', '1', ' ', '3'] })).toEqual(['1', '2', '3']);
    expect(linkedAccounts({ accountNumber: undefined, accountNumbers: ['7'] })).toEqual(['7']);
  });

  it('spec 9: at most 100 records a page, pages start at 1', () => {
    expect(customerInfoInputSchema.safeParse({ records: 101 }).success).toBe(false);
    expect(customerInfoInputSchema.safeParse({ page: 0 }).success).toBe(false);
    expect(customerInfoInputSchema.safeParse({ account: '10042; DROP' }).success).toBe(false);
  });
});

describe('customer information when the orders table fails', () => {
  it('answers the failure once, and the counter read failing after it is handled too (no process-ending rejection)', async () => {
    const deps = setup('10042', []);
    let counterFailed = false;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const orders = {
        listByAccount: () => Promise.reject(new Error('the list timed out')),
        counters: () =>
          new Promise<Record<string, number>>((_, reject) =>
            setTimeout(() => {
              counterFailed = true;
              reject(new Error('the counter read timed out'));
            }, 20),
          ),
      };
      await expect(getCustomerInfo(caller, defaults, { ...deps, orders })).rejects.toThrow('the list timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counterFailed).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
