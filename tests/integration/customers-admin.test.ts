import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { caller, postRoute } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { getRow, putRow, userRow } from '../support/dynamo-rows';

/**
 * Practices (Customer Management) through the local gateway, against DynamoDB Local: unique
 * account numbers, optimistic locking, name-ordered paging on the byStatus index, links kept in step on
 * both sides, and customers kept out of other practices' data.
 */
const urls = inject('urls');
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  api = caller(urls.api, await signIn(await createTestUser(['admin', 'superadmin'])));
});

const accountNumber = () => `IT-${randomUUID().slice(0, 8).toUpperCase()}`;
const address = { address: '1 Lens Way', city: 'Austin', state: 'TX', zip: '78701' };
const practice = (account: string, company: string, extra: Record<string, unknown> = {}) => ({
  accountNumber: account,
  company,
  phone: '(512) 555-0100',
  shippingAddress: address,
  ...extra,
});

async function customerWithRecord(extra: Record<string, unknown> = {}) {
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, extra));
  return { user, token: await signIn(user) };
}

describe('createCustomer and getCustomer', () => {
  it('creates a practice with defaults and reads it back with no linked users and no recent orders yet', async () => {
    const account = accountNumber();
    const created = await api(
      'createCustomer',
      practice(account.toLowerCase(), 'Clearview Optometry', { buyingGroupId: 'caa' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      accountNumber: account, // stored upper-case
      status: 'active',
      pricingAllowed: false,
      additionalAccounts: [],
      buyingGroupId: 'caa',
      version: 0,
    });
    const read = await api('getCustomer', { accountNumber: account });
    expect(read.body.result).toMatchObject({
      customer: { company: 'Clearview Optometry' },
      linkedUsers: [],
      recentOrders: [],
    });
  });

  it('an account number is unique: creating it twice is a 409 and the first practice stays', async () => {
    const account = accountNumber();
    await api('createCustomer', practice(account, 'First Practice'));
    const again = await api('createCustomer', practice(account, 'Second Practice'));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`Account number ${account} already exists.`);
    expect(await getRow('customers', { accountNumber: account })).toMatchObject({ company: 'First Practice' });
  });

  it('refuses a buying group that is not on the list, and fields with clear messages', async () => {
    const account = accountNumber();
    const bad = await api('createCustomer', practice(account, 'X', { buyingGroupId: 'nope' }));
    expect(bad.body.error.details.fieldErrors).toEqual({ buyingGroupId: ['Choose a buying group from the list'] });
    const fields = await api('createCustomer', {
      accountNumber: account,
      company: '',
      phone: 'call me',
      shippingAddress: {},
    });
    expect(fields.status).toBe(400);
    expect(fields.body.error.details.fieldErrors).toMatchObject({
      company: ['Practice name is required'],
      phone: ['Enter a valid phone'],
      'shippingAddress.city': ['City is required'],
    });
    expect(await getRow('customers', { accountNumber: account })).toBeUndefined();
  });

  it('an unknown practice is not-found', async () => {
    expect((await api('getCustomer', { accountNumber: 'NO-SUCH-1' })).status).toBe(404);
  });
});

describe('listCustomers: paged Query on the byStatus index, sorted by practice name', () => {
  it('searches by name prefix in any case, pages with the cursor, and finds an exact account number first', async () => {
    const tag = `Zq${randomUUID().slice(0, 6)}`;
    const accounts = [accountNumber(), accountNumber(), accountNumber()];
    await api('createCustomer', practice(accounts[0]!, `${tag} Charlie Eyes`));
    await api('createCustomer', practice(accounts[1]!, `${tag} Alpha Optics`));
    await api('createCustomer', practice(accounts[2]!, `${tag} Bravo Vision`, { status: 'inactive' }));

    const first = await api('listCustomers', { search: tag.toLowerCase(), limit: 1 });
    expect(first.body.result.items.map((c: { company: string }) => c.company)).toEqual([`${tag} Alpha Optics`]);
    const second = await api('listCustomers', { search: tag, limit: 1, cursor: first.body.result.nextCursor });
    expect(second.body.result.items.map((c: { company: string }) => c.company)).toEqual([`${tag} Charlie Eyes`]);
    const inactive = await api('listCustomers', { search: tag, status: 'inactive' });
    expect(inactive.body.result.items.map((c: { accountNumber: string }) => c.accountNumber)).toEqual([accounts[2]]);

    const exact = await api('listCustomers', { search: accounts[2] });
    expect(exact.body.result.items[0]).toMatchObject({ accountNumber: accounts[2], status: 'inactive' });
  });

  it('a forged cursor, or one from another list, is a 400', async () => {
    expect((await api('listCustomers', { cursor: 'eyJhIjoxfQ' })).status).toBe(400);
    const page = await api('listCustomers', { limit: 1 });
    if (page.body.result.nextCursor) {
      const other = await api('listCustomers', { limit: 1, status: 'inactive', cursor: page.body.result.nextCursor });
      expect(other.status).toBe(400);
    }
  });
});

describe('updateCustomer: optimistic locking on version', () => {
  it('updates with the version read; a stale version is a 409 with the reload message and changes nothing', async () => {
    const account = accountNumber();
    await api('createCustomer', practice(account, 'Lock Optics', { faxNumber: '512 555 0101' }));
    const updated = await api('updateCustomer', {
      accountNumber: account,
      version: 0,
      pricingAllowed: true,
      faxNumber: '',
    });
    expect(updated.body.result).toMatchObject({ pricingAllowed: true, version: 1 });
    expect(updated.body.result.faxNumber).toBeUndefined();

    const stale = await api('updateCustomer', { accountNumber: account, version: 0, company: 'Overwritten' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      status: 'aborted',
      message: 'This practice changed since you opened it. Reload to see the latest.',
    });
    expect(await getRow('customers', { accountNumber: account })).toMatchObject({ company: 'Lock Optics', version: 1 });
    expect((await api('updateCustomer', { accountNumber: 'NO-SUCH-2', version: 0, company: 'X' })).status).toBe(404);
  });

  it('renaming keeps the practice findable under its new name', async () => {
    const account = accountNumber();
    const tag = `Rn${randomUUID().slice(0, 6)}`;
    await api('createCustomer', practice(account, `Old ${tag}`));
    await api('updateCustomer', { accountNumber: account, version: 0, company: `${tag} New Name` });
    const found = await api('listCustomers', { search: tag });
    expect(found.body.result.items.map((c: { accountNumber: string }) => c.accountNumber)).toEqual([account]);
  });
});

describe('linkUserToAccount / unlinkUserFromAccount', () => {
  it('the first link is the main account, later ones additional; both sides agree; getCustomerInfo follows', async () => {
    const [main, extra] = [accountNumber(), accountNumber()];
    await api('createCustomer', practice(main, 'Main Street Eyes'));
    await api('createCustomer', practice(extra, 'Side Street Eyes'));
    const { user, token } = await customerWithRecord();

    const first = await api('linkUserToAccount', { userId: user.userId, accountNumber: main });
    expect(first.body.result).toEqual({ userId: user.userId, accountNumber: main, accountNumbers: [], version: 1 });
    const second = await api('linkUserToAccount', { userId: user.userId, accountNumber: extra, version: 1 });
    expect(second.body.result).toMatchObject({ accountNumber: main, accountNumbers: [extra], version: 2 });
    const again = await api('linkUserToAccount', { userId: user.userId, accountNumber: extra });
    expect(again.body.result.version).toBe(2); // linking twice changes nothing

    const detail = await api('getCustomer', { accountNumber: main });
    expect(detail.body.result.linkedUsers).toEqual([
      { userId: user.userId, email: user.email, firstName: 'Test', lastName: 'User', isMainAccount: true },
    ]);
    const info = await postRoute(urls.api, 'getCustomerInfo', {}, token);
    expect(info.body.result).toMatchObject({ accountNumber: main, additionalAccounts: [extra] });

    const unlinked = await api('unlinkUserFromAccount', { userId: user.userId, accountNumber: main });
    expect(unlinked.body.result).toMatchObject({ accountNumber: extra, accountNumbers: [] });
    expect((await api('getCustomer', { accountNumber: main })).body.result.linkedUsers).toEqual([]);
  });

  it('the account must exist (404) and a stale users-record version is a 409; nothing changes', async () => {
    const { user } = await customerWithRecord();
    expect((await api('linkUserToAccount', { userId: user.userId, accountNumber: 'NO-SUCH-3' })).status).toBe(404);
    const account = accountNumber();
    await api('createCustomer', practice(account, 'Version Optics'));
    const stale = await api('linkUserToAccount', { userId: user.userId, accountNumber: account, version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe('This user changed since you opened it. Reload to see the latest.');
    expect(await getRow('users', { userId: user.userId })).toMatchObject({ accountNumbers: [], version: 0 });
  });
});

describe("security: a customer and another practice's data", () => {
  it("a customer reading or writing another practice's data gets not-found (reads) or is refused (writes), and nothing changes", async () => {
    const [mine, theirs] = [accountNumber(), accountNumber()];
    await api('createCustomer', practice(mine, 'Mine Optics'));
    await api('createCustomer', practice(theirs, 'Their Optics', { pricingAllowed: true }));
    const { user, token } = await customerWithRecord({ accountNumber: mine });
    const before = {
      practice: await getRow('customers', { accountNumber: theirs }),
      me: await getRow('users', { userId: user.userId }),
    };
    const as = caller(urls.api, token);

    const read = await as('getCustomerInfo', { account: theirs });
    expect(read.status).toBe(404);
    expect(JSON.stringify(read.body)).not.toContain('Their Optics');
    for (const [name, data] of [
      ['getCustomer', { accountNumber: theirs }],
      ['updateCustomer', { accountNumber: theirs, version: 0, company: 'Hijacked' }],
      ['linkUserToAccount', { userId: user.userId, accountNumber: theirs }],
    ] as const) {
      expect((await as(name, data)).status, name).toBe(403);
    }
    const mass = await as('updateMyProfile', { version: 0, accountNumber: theirs, accountNumbers: [theirs] });
    expect(mass.status).toBe(400);

    expect(await getRow('customers', { accountNumber: theirs })).toEqual(before.practice);
    expect(await getRow('users', { userId: user.userId })).toEqual(before.me);
  });
});
