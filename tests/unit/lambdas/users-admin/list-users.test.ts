import { describe, expect, it } from 'vitest';
import { getUserByUidInputSchema, userListInputSchema } from '../../../../core/schemas/users/user-admin';
import { encodeCursor } from '../../../../lambdas/paging/page-cursor';
import { getUserByUid } from '../../../../lambdas/use-cases/users/get-user-by-uid';
import { listUsers } from '../../../../lambdas/use-cases/users/list-users';
import { failureOf } from '../../../support/failure-of';
import { usersAdminWorld } from './fixtures';

function world() {
  const w = usersAdminWorld();
  const admins = ['amy@lab.test', 'bob@lab.test', 'cy@lab.test'].map((e) => w.add(e, ['admin']));
  const customers = ['dana@practice.test', 'eli@practice.test'].map((e) => w.add(e, ['customer']));
  return { ...w, admins, customers };
}
const emails = (page: { items: { email: string }[] }) => page.items.map((u) => u.email);

describe('getAdminUsers / getCustomerUsers (spec 6/7)', () => {
  it('pages through the group by the cursor even when the directory answers everything at once', async () => {
    const { deps } = world();
    const first = await listUsers('admin', userListInputSchema.parse({ limit: 2 }), deps);
    expect(emails(first)).toEqual(['lead@lab.test', 'amy@lab.test']);
    const second = await listUsers('admin', userListInputSchema.parse({ limit: 2, cursor: first.nextCursor }), deps);
    expect(emails(second)).toEqual(['bob@lab.test', 'cy@lab.test']);
    expect(second.nextCursor).toBeNull();
  });

  it('rows carry groups, role, state, the account links and the last activity', async () => {
    const { deps, customers, users, activity, directory } = world();
    users.rows.set(customers[0]!, {
      ...users.rows.get(customers[0]!)!,
      accountNumber: 'BV-1001',
      accountNumbers: ['BV-1002'],
    });
    activity.rows.set(customers[0]!, { lastActivity: 123 } as never);
    directory.accounts.get(customers[1]!)!.enabled = false;
    const page = await listUsers('customer', userListInputSchema.parse({}), deps);
    expect(page.items[0]).toMatchObject({
      email: 'dana@practice.test',
      groups: ['customer'],
      role: 'customer',
      isSuperAdmin: false,
      enabled: true,
      accountNumber: 'BV-1001',
      accountNumbers: ['BV-1002'],
      lastActivity: 123,
    });
    expect(page.items[1]).toMatchObject({ enabled: false, lastActivity: null });
  });

  it('search: email, then first name, then last name, each user once, only members of the group', async () => {
    const { deps, directory } = world();
    directory.accounts.get(
      [...directory.accounts.keys()].find((k) => directory.accounts.get(k)!.email === 'cy@lab.test')!,
    )!.firstName = 'amy';
    const pages = [];
    let cursor: string | null | undefined;
    do {
      const page = await listUsers(
        'admin',
        userListInputSchema.parse({ search: 'amy', ...(cursor ? { cursor } : {}) }),
        deps,
      );
      pages.push(...emails(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(['amy@lab.test', 'cy@lab.test']);
    const customers = await listUsers('customer', userListInputSchema.parse({ search: 'amy' }), deps);
    expect(customers.items).toEqual([]);
  });

  it('a forged cursor is a 400', async () => {
    const { deps } = world();
    for (const cursor of ['%%%', 'bm90LWpzb24', encodeCursor({ o: -1 }), encodeCursor({ o: 0, t: '', extra: 1 })]) {
      expect((await failureOf(listUsers('admin', { limit: 5, cursor }, deps))).status, cursor).toBe('invalid-argument');
    }
  });
});

describe('getUserByUid (spec 5, 7)', () => {
  it('spec 5: "User ID is required." for an empty or missing uid', async () => {
    const { deps } = world();
    for (const input of [undefined, {}, { uid: '' }, { uid: '   ' }]) {
      const { uid } = getUserByUidInputSchema.parse(input);
      expect(await failureOf(getUserByUid(uid, deps))).toMatchObject({
        status: 'invalid-argument',
        message: 'User ID is required.',
      });
    }
  });

  it('answers the row and the full record; an unknown id is not-found', async () => {
    const { deps, admins } = world();
    const detail = await getUserByUid(admins[0], deps);
    expect(detail).toMatchObject({ email: 'amy@lab.test', groups: ['admin'], profile: { email: 'amy@lab.test' } });
    expect((await failureOf(getUserByUid('nobody', deps))).status).toBe('not-found');
  });
});
