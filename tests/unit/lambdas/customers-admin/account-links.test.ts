import { describe, expect, it } from 'vitest';
import {
  withAccountLinked,
  withAccountUnlinked,
  withMainAccount,
} from '../../../../lambdas/use-cases/customers/account-link-rules';
import { linkUserToAccount, unlinkUserFromAccount } from '../../../../lambdas/use-cases/customers/link-user-to-account';
import { InMemoryAccountLinks, InMemoryCustomers, InMemoryUsers } from '../../../support/in-memory-ports';
import { failureOf } from '../../../support/failure-of';

describe('account link rules (spec 1: one main account plus additional ones)', () => {
  it('the first linked account is the main one, later ones additional, each once', () => {
    const one = withAccountLinked({ accountNumber: null, accountNumbers: [] }, 'A');
    expect(one).toEqual({ accountNumber: 'A', accountNumbers: [] });
    const two = withAccountLinked(one, 'B');
    expect(two).toEqual({ accountNumber: 'A', accountNumbers: ['B'] });
    expect(withAccountLinked(two, 'B')).toBe(two);
  });

  it('unlinking the main account promotes the first additional one', () => {
    expect(withAccountUnlinked({ accountNumber: 'A', accountNumbers: ['B', 'C'] }, 'A')).toEqual({
      accountNumber: 'B',
      accountNumbers: ['C'],
    });
    expect(withAccountUnlinked({ accountNumber: 'A', accountNumbers: [] }, 'A')).toEqual({
      accountNumber: null,
      accountNumbers: [],
    });
  });

  it('making an account main keeps the previous main as additional', () => {
    expect(withMainAccount({ accountNumber: 'A', accountNumbers: ['B'] }, 'B')).toEqual({
      accountNumber: 'B',
      accountNumbers: ['A'],
    });
  });
});

function world() {
  const users = new InMemoryUsers();
  const customers = new InMemoryCustomers();
  const links = new InMemoryAccountLinks(users, customers);
  for (const accountNumber of ['BV-1', 'BV-2'])
    customers.rows.set(accountNumber, {
      accountNumber,
      company: accountNumber,
      phone: '',
      shippingAddress: { address: '', city: '', state: '', zip: '' },
      pricingAllowed: false,
    });
  users.rows.set('u1', {
    userId: 'u1',
    email: 'u@x.test',
    firstName: '',
    lastName: '',
    accountNumbers: [],
    termsAccepted: true,
    version: 3,
  });
  return { users, customers, links, deps: { users, customers, links } };
}

describe('linkUserToAccount / unlinkUserFromAccount', () => {
  it("links both sides in one write and keeps the practice's user set in step", async () => {
    const { customers, deps } = world();
    expect(await linkUserToAccount({ userId: 'u1', accountNumber: 'BV-1' }, deps)).toEqual({
      userId: 'u1',
      accountNumber: 'BV-1',
      accountNumbers: [],
      version: 4,
    });
    await linkUserToAccount({ userId: 'u1', accountNumber: 'BV-2', version: 4 }, deps);
    expect(await customers.linkedUserIds('BV-2')).toEqual(['u1']);
    const unlinked = await unlinkUserFromAccount({ userId: 'u1', accountNumber: 'BV-1' }, deps);
    expect(unlinked).toMatchObject({ accountNumber: 'BV-2', accountNumbers: [] });
    expect(await customers.linkedUserIds('BV-1')).toEqual([]);
  });

  it('linking twice or unlinking an account the user does not have writes nothing', async () => {
    const { links, deps } = world();
    await linkUserToAccount({ userId: 'u1', accountNumber: 'BV-1' }, deps);
    await linkUserToAccount({ userId: 'u1', accountNumber: 'BV-1' }, deps);
    await unlinkUserFromAccount({ userId: 'u1', accountNumber: 'BV-2' }, deps);
    expect(links.applied).toHaveLength(1);
  });

  it('a version the admin read that is no longer current is a 409; an unknown practice or user a 404', async () => {
    const { users, deps } = world();
    expect(await failureOf(linkUserToAccount({ userId: 'u1', accountNumber: 'BV-1', version: 2 }, deps))).toMatchObject(
      {
        status: 'aborted',
        message: 'This user changed since you opened it. Reload to see the latest.',
      },
    );
    expect((await failureOf(linkUserToAccount({ userId: 'u1', accountNumber: 'NOPE-1' }, deps))).status).toBe(
      'not-found',
    );
    expect((await failureOf(linkUserToAccount({ userId: 'nobody', accountNumber: 'BV-1' }, deps))).status).toBe(
      'not-found',
    );
    expect(users.rows.get('u1')?.version).toBe(3);
  });

  it('a write that loses the race on the users record (changed between read and write) is a 409', async () => {
    const { users, deps } = world();
    const get = users.get.bind(users);
    users.get = async (id) => {
      const row = await get(id);
      if (row) users.rows.set(id, { ...row, version: row.version + 1 });
      return row;
    };
    expect((await failureOf(linkUserToAccount({ userId: 'u1', accountNumber: 'BV-1' }, deps))).status).toBe('aborted');
  });

  it('unlinking a practice that was deleted drops it from the user without touching the practice', async () => {
    const { users, customers, links, deps } = world();
    users.rows.set('u1', { ...users.rows.get('u1')!, accountNumber: 'GONE-1', accountNumbers: ['BV-1'] });
    const answer = await unlinkUserFromAccount({ userId: 'u1', accountNumber: 'GONE-1' }, deps);
    expect(answer).toMatchObject({ accountNumber: 'BV-1', accountNumbers: [] });
    expect(links.applied[0]?.unlinked).toBeUndefined();
    expect(customers.rows.has('GONE-1')).toBe(false);
  });
});
