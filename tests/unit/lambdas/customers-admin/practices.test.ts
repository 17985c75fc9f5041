import { describe, expect, it } from 'vitest';
import {
  createCustomerInputSchema,
  listCustomersInputSchema,
  updateCustomerInputSchema,
} from '../../../../core/schemas/customers/customer-admin';
import { createCustomer } from '../../../../lambdas/use-cases/customers/create-customer';
import { getCustomer } from '../../../../lambdas/use-cases/customers/get-customer';
import { listCustomers } from '../../../../lambdas/use-cases/customers/list-customers';
import { updateCustomer } from '../../../../lambdas/use-cases/customers/update-customer';
import { foldForSearch } from '../../../../lambdas/search/customer-sort-key';
import { InMemoryCustomers, InMemoryReferenceData, InMemoryUsers } from '../../../support/in-memory-ports';
import { failureOf } from '../../../support/failure-of';

const address = { address: '1 Lens Way', city: 'Austin', state: 'TX', zip: '78701' };
const newPractice = (accountNumber: string, company: string, extra: Record<string, unknown> = {}) =>
  createCustomerInputSchema.parse({
    accountNumber,
    company,
    phone: '512 555 0100',
    shippingAddress: address,
    ...extra,
  });

function world() {
  const customers = new InMemoryCustomers();
  const users = new InMemoryUsers();
  const referenceData = new InMemoryReferenceData();
  return { customers, users, referenceData, deps: { customers, referenceData, users } };
}

describe('createCustomer', () => {
  it('stores the practice with its defaults; the account number is stored upper-case', async () => {
    const { deps } = world();
    const created = await createCustomer(newPractice('bv-9001', 'New Eyes'), deps);
    expect(created).toMatchObject({ accountNumber: 'BV-9001', status: 'active', pricingAllowed: false, version: 0 });
  });

  it('an account number that exists is a 409 naming it; the first practice stays', async () => {
    const { customers, deps } = world();
    await createCustomer(newPractice('BV-9001', 'First'), deps);
    expect(await failureOf(createCustomer(newPractice('BV-9001', 'Second'), deps))).toMatchObject({
      status: 'aborted',
      message: 'Account number BV-9001 already exists.',
    });
    expect((await customers.get('BV-9001'))?.company).toBe('First');
  });

  it('a buying group must be on the list', async () => {
    const { deps } = world();
    const error = await failureOf(createCustomer(newPractice('BV-9002', 'X', { buyingGroupId: 'made-up' }), deps));
    expect(error).toMatchObject({
      status: 'invalid-argument',
      details: { fieldErrors: { buyingGroupId: ['Choose a buying group from the list'] } },
    });
  });

  it('the schema refuses its own account among the additional ones, duplicates, and unknown keys', () => {
    const base = { accountNumber: 'BV-1', company: 'X', phone: '512 555 0100', shippingAddress: address };
    expect(createCustomerInputSchema.safeParse({ ...base, additionalAccounts: ['bv-1'] }).success).toBe(false);
    expect(createCustomerInputSchema.safeParse({ ...base, additionalAccounts: ['A-1', 'a-1'] }).success).toBe(false);
    expect(createCustomerInputSchema.safeParse({ ...base, userIds: ['x'] }).success).toBe(false);
  });
});

describe('updateCustomer: optimistic locking', () => {
  it('changes the given fields and counts the version up; empty fax and null billing address clear them', async () => {
    const { deps } = world();
    await createCustomer(newPractice('BV-1', 'Old', { faxNumber: '512 555 0101', billingAddress: address }), deps);
    const updated = await updateCustomer(
      updateCustomerInputSchema.parse({
        accountNumber: 'BV-1',
        version: 0,
        company: 'New',
        faxNumber: '',
        billingAddress: null,
      }),
      deps,
    );
    expect(updated).toMatchObject({ company: 'New', version: 1, phone: '512 555 0100' });
    expect(updated.faxNumber).toBeUndefined();
    expect(updated.billingAddress).toBeUndefined();
  });

  it('a stale version is a 409 "This practice changed since you opened it. Reload to see the latest."; nothing changes', async () => {
    const { customers, deps } = world();
    await createCustomer(newPractice('BV-1', 'Old'), deps);
    await updateCustomer(
      updateCustomerInputSchema.parse({ accountNumber: 'BV-1', version: 0, company: 'First edit' }),
      deps,
    );
    expect(
      await failureOf(
        updateCustomer(updateCustomerInputSchema.parse({ accountNumber: 'BV-1', version: 0, company: 'Late' }), deps),
      ),
    ).toMatchObject({
      status: 'aborted',
      message: 'This practice changed since you opened it. Reload to see the latest.',
    });
    expect((await customers.get('BV-1'))?.company).toBe('First edit');
  });

  it('an unknown practice is not-found; an update with nothing to change is refused by the schema', async () => {
    const { deps } = world();
    const input = updateCustomerInputSchema.parse({ accountNumber: 'NOPE-1', version: 0, company: 'X' });
    expect((await failureOf(updateCustomer(input, deps))).status).toBe('not-found');
    expect(updateCustomerInputSchema.safeParse({ accountNumber: 'BV-1', version: 0 }).success).toBe(false);
  });
});

describe('listCustomers and getCustomer', () => {
  it('searches by folded name prefix and puts an exact account number first, whatever its status', async () => {
    const { customers, deps } = world();
    await createCustomer(newPractice('BV-1', 'Brightview Main'), deps);
    await createCustomer(newPractice('ZZ-9', 'Zenith', { status: 'inactive' }), deps);
    const byName = await listCustomers(listCustomersInputSchema.parse({ search: 'BRIGHT' }), customers);
    expect(byName.items.map((c) => c.accountNumber)).toEqual(['BV-1']);
    expect(customers.listCalls.at(-1)?.namePrefix).toBe('bright');
    const byAccount = await listCustomers(listCustomersInputSchema.parse({ search: 'zz-9' }), customers);
    expect(byAccount.items[0]).toMatchObject({ accountNumber: 'ZZ-9', status: 'inactive' });
  });

  it('folds accents, case and spaces the same way for stored keys and searches', () => {
    expect(foldForSearch('  Clínica   ÓPTICA ')).toBe('clinica optica');
  });

  it("lists a practice's users from its linked set, dropping ids whose own record no longer links it", async () => {
    const { customers, users, deps } = world();
    await createCustomer(newPractice('BV-1', 'Main'), deps);
    users.rows.set('u1', {
      userId: 'u1',
      email: 'b@x.test',
      firstName: 'B',
      lastName: 'L',
      accountNumber: 'BV-1',
      accountNumbers: [],
      termsAccepted: true,
      version: 0,
    });
    users.rows.set('u2', {
      userId: 'u2',
      email: 'a@x.test',
      firstName: 'A',
      lastName: 'L',
      accountNumber: 'HV-1',
      accountNumbers: ['BV-1'],
      termsAccepted: true,
      version: 0,
    });
    users.rows.set('u3', {
      userId: 'u3',
      email: 'c@x.test',
      firstName: 'C',
      lastName: 'L',
      accountNumbers: [],
      termsAccepted: true,
      version: 0,
    });
    customers.userIds.set('BV-1', new Set(['u1', 'u2', 'u3', 'deleted-user']));
    const detail = await getCustomer('BV-1', deps);
    expect(detail.linkedUsers).toEqual([
      { userId: 'u2', email: 'a@x.test', firstName: 'A', lastName: 'L', isMainAccount: false },
      { userId: 'u1', email: 'b@x.test', firstName: 'B', lastName: 'L', isMainAccount: true },
    ]);
    expect(detail.recentOrders).toEqual([]);
    expect((await failureOf(getCustomer('NOPE-1', deps))).status).toBe('not-found');
  });
});
