import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Group } from '../../core/constants';
import type { PracticeRole } from '../../core/rules/practice-roles';
import { createTestUser, signIn, type TestUser } from '../support/cognito-test-users';
import { customerRow, getRow, putRow, userRow } from '../support/dynamo-rows';
import { callApi } from './helpers/call-api';

/**
 * A practice's people and roles through the local gateway (docs/decisions/0112-practice-roles.md): the
 * practice admin lists, changes roles and removes; the removed person's sessions end at once; another practice's
 * admin, staff and billing cannot manage anyone; the lab's first link makes the practice admin.
 */
interface Member {
  user: TestUser;
  token: string;
}
const accountOf = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;

async function practiceWith(accountNumber: string, members: Record<string, PracticeRole[]>) {
  const made: Record<string, Member> = {};
  for (const [name, roles] of Object.entries(members)) {
    const user = await createTestUser(['customer']);
    await putRow('users', userRow(user, { firstName: name, accountNumber, practiceRoles: { [accountNumber]: roles } }));
    made[name] = { user, token: await signIn(user) };
  }
  await putRow(
    'customers',
    customerRow(accountNumber, { userIds: new Set(Object.values(made).map((m) => m.user.userId)) }),
  );
  return made;
}
const staffToken = async (groups: Group[]) => signIn(await createTestUser(groups));

let brightview: Record<string, Member>;
let other: Record<string, Member>;
let practice: string;
let otherPractice: string;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  practice = accountOf('PP');
  otherPractice = accountOf('PQ');
  brightview = await practiceWith(practice, {
    Dana: ['practiceAdmin', 'doctor'],
    Sam: ['staff'],
    Bea: ['billing'],
  });
  other = await practiceWith(otherPractice, { Olga: ['practiceAdmin', 'doctor'] });
});

describe('practice people: the practice admin manages the practice', () => {
  it('lists the practice people with their roles', async () => {
    const answer = await callApi('listPracticePeople', { data: { accountNumber: practice } }, brightview.Dana!.token);
    expect(answer.status).toBe(200);
    const people = answer.body.result.people as { name: string; roles: string[] }[];
    expect(people.map((p) => [p.name, p.roles])).toEqual([
      ['Bea User', ['billing']],
      ['Dana User', ['practiceAdmin', 'doctor']],
      ['Sam User', ['staff']],
    ]);
  });

  it('staff and billing cannot see or manage the people (403)', async () => {
    for (const name of ['Sam', 'Bea']) {
      const answer = await callApi(
        'listPracticePeople',
        { data: { accountNumber: practice } },
        brightview[name]!.token,
      );
      expect(answer.status).toBe(403);
    }
  });

  it("another practice's admin cannot list, change or remove this practice's people (404, nothing changes)", async () => {
    const olga = other.Olga!.token;
    const sam = brightview.Sam!.user.userId;
    expect((await callApi('listPracticePeople', { data: { accountNumber: practice } }, olga)).status).toBe(404);
    const set = await callApi(
      'setPracticeRoles',
      { data: { accountNumber: practice, userId: sam, roles: ['practiceAdmin'] } },
      olga,
    );
    expect(set.status).toBe(404);
    const removed = await callApi('removePracticePerson', { data: { accountNumber: practice, userId: sam } }, olga);
    expect(removed.status).toBe(404);
    expect((await getRow('users', { userId: sam }))?.['practiceRoles']).toEqual({ [practice]: ['staff'] });
  });

  it("changes a role, which applies at the person's next request", async () => {
    const sam = brightview.Sam!;
    expect((await callApi('listAccountInvoices', { data: { accountNumber: practice } }, sam.token)).status).toBe(403);
    const answer = await callApi(
      'setPracticeRoles',
      { data: { accountNumber: practice, userId: sam.user.userId, roles: ['billing', 'staff'] } },
      brightview.Dana!.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result.roles).toEqual(['staff', 'billing']);
    expect((await callApi('listAccountInvoices', { data: { accountNumber: practice } }, sam.token)).status).toBe(200);
  });

  it('the practice admin cannot take away the last practice admin role, nor remove themselves', async () => {
    const dana = brightview.Dana!;
    const demote = await callApi(
      'setPracticeRoles',
      { data: { accountNumber: practice, userId: dana.user.userId, roles: ['doctor'] } },
      dana.token,
    );
    expect(demote.status).toBe(400);
    const leave = await callApi(
      'removePracticePerson',
      { data: { accountNumber: practice, userId: dana.user.userId } },
      dana.token,
    );
    expect(leave.status).toBe(400);
  });

  it('removing a person unlinks them and ends their sessions at once', async () => {
    const bea = brightview.Bea!;
    expect((await callApi('getMyProfile', { data: {} }, bea.token)).status).toBe(200);
    const answer = await callApi(
      'removePracticePerson',
      { data: { accountNumber: practice, userId: bea.user.userId } },
      brightview.Dana!.token,
    );
    expect(answer.status).toBe(200);
    expect((await callApi('getMyProfile', { data: {} }, bea.token)).status).toBe(401);
    const row = await getRow('users', { userId: bea.user.userId });
    expect(row?.['accountNumber']).toBeUndefined();
    expect(row?.['practiceRoles']).toEqual({});
  });
});

describe('practice people: the lab', () => {
  it("links a practice's first user as its practice admin and doctor, later ones as staff", async () => {
    const superAdmin = await staffToken(['admin', 'superadmin']);
    const fresh = accountOf('PN');
    await putRow('customers', customerRow(fresh));
    const first = await createTestUser(['customer']);
    const second = await createTestUser(['customer']);
    for (const user of [first, second]) {
      await putRow('users', userRow(user));
      const linked = await callApi(
        'linkUserToAccount',
        { data: { userId: user.userId, accountNumber: fresh } },
        superAdmin,
      );
      expect(linked.status).toBe(200);
    }
    expect((await getRow('users', { userId: first.userId }))?.['practiceRoles']).toEqual({
      [fresh]: ['practiceAdmin', 'doctor'],
    });
    expect((await getRow('users', { userId: second.userId }))?.['practiceRoles']).toEqual({ [fresh]: ['staff'] });
    const people = await callApi('listPracticePeople', { data: { accountNumber: fresh } }, superAdmin);
    expect(people.status).toBe(200);
    expect(people.body.result.people).toHaveLength(2);
  });
});

describe('practice roles: minimum necessary', () => {
  it('a biller cannot read orders, which name patients (403), and their customer info lists none', async () => {
    const account = accountOf('PB');
    const { Bill } = await practiceWith(account, { Bill: ['billing'] });
    const order = await callApi('getOrder', { data: { orderId: 'any-order' } }, Bill!.token);
    expect(order.status).toBe(403);
    const listed = await callApi('listAccountOrders', { data: { accountNumber: account } }, Bill!.token);
    expect(listed.status).toBe(403);
    const info = await callApi('getCustomerInfo', { data: {} }, Bill!.token);
    expect(info.status).toBe(200);
    expect(info.body.result.orders).toEqual([]);
  });
});
