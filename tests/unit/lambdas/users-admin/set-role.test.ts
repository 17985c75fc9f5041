import { describe, expect, it } from 'vitest';
import { setRole, SET_ROLE_FAILED } from '../../../../lambdas/use-cases/users/set-role';
import { SUPER_ADMIN_MESSAGES } from '../../../../lambdas/use-cases/users/super-admin-guard';
import { failureOf } from '../../../support/failure-of';
import { usersAdminWorld } from './fixtures';

describe('setRole (spec 7): groups and users record stay consistent', () => {
  it('customer -> super admin: adds admin and superadmin before removing customer, writes the record, ends sessions', async () => {
    const { directory, users, revocations, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    const answer = await setRole({ userId, role: 'admin', isSuperAdmin: true }, deps);
    expect(answer).toEqual({ userId, role: 'admin', isSuperAdmin: true, groups: ['admin', 'superadmin'] });
    expect(directory.groupList(userId)).toEqual(['admin', 'superadmin']);
    expect(users.rows.get(userId)).toMatchObject({ role: 'admin', isSuperAdmin: true, version: 1 });
    expect(revocations.rows.has(userId)).toBe(true);
    const steps = directory.calls.filter((c) => /^(add|remove)/.test(c));
    expect(steps).toEqual([
      `addToGroup ${userId} admin`,
      `addToGroup ${userId} superadmin`,
      `removeFromGroup ${userId} customer`,
    ]);
  });

  it('when a group change fails half-way, the done steps are undone in reverse and the record is put back', async () => {
    const { directory, users, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    const before = users.rows.get(userId)!;
    let adds = 0;
    const addToGroup = directory.addToGroup.bind(directory);
    directory.addToGroup = async (id, group) => {
      if (++adds === 2) throw new Error('throttled');
      await addToGroup(id, group);
    };
    expect(await failureOf(setRole({ userId, role: 'admin', isSuperAdmin: true }, deps))).toMatchObject({
      status: 'internal',
      message: SET_ROLE_FAILED,
    });
    expect(directory.groupList(userId)).toEqual(['customer']);
    const after = users.rows.get(userId)!;
    expect(after.role).toBeUndefined();
    expect(after.isSuperAdmin).toBeUndefined();
    expect({ ...after, version: before.version }).toEqual(before);
  });

  it('a users record changed meanwhile (version) is a 409 and no group changes', async () => {
    const { directory, users, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    const get = users.get.bind(users);
    users.get = async (id) => {
      const row = await get(id);
      if (row) users.rows.set(id, { ...row, version: row.version + 1 }); // someone else writes right after our read
      return row;
    };
    expect((await failureOf(setRole({ userId, role: 'admin', isSuperAdmin: false }, deps))).status).toBe('aborted');
    expect(directory.groupList(userId)).toEqual(['customer']);
  });

  it('a user without a record (made in the console) gets one; it is removed again if the groups fail', async () => {
    const { directory, users, deps } = usersAdminWorld();
    const userId = directory.seed({ email: 'console@lab.test' }, ['customer']);
    await setRole({ userId, role: 'admin', isSuperAdmin: false }, deps);
    expect(users.rows.get(userId)).toMatchObject({ email: 'console@lab.test', role: 'admin' });

    const other = directory.seed({ email: 'console2@lab.test' }, ['customer']);
    directory.failNext('removeFromGroup');
    await failureOf(setRole({ userId: other, role: 'admin', isSuperAdmin: false }, deps));
    expect(users.rows.has(other)).toBe(false);
    expect(directory.groupList(other)).toEqual(['customer']);
  });

  it('nothing to change: no group call, no session ended', async () => {
    const { directory, users, revocations, deps, add } = usersAdminWorld();
    const userId = add('a@lab.test', ['admin']);
    users.rows.set(userId, { ...users.rows.get(userId)!, role: 'admin', isSuperAdmin: false });
    await setRole({ userId, role: 'admin', isSuperAdmin: false }, deps);
    expect(directory.calls.some((c) => /^(add|remove)/.test(c))).toBe(false);
    expect(revocations.rows.has(userId)).toBe(false);
  });

  it('the last enabled super admin cannot be demoted, even by themself; with another one they can', async () => {
    const { directory, deps, caller } = usersAdminWorld();
    expect(await failureOf(setRole({ userId: caller.userId, role: 'admin', isSuperAdmin: false }, deps))).toMatchObject(
      {
        status: 'aborted',
        message: SUPER_ADMIN_MESSAGES.last,
      },
    );
    expect(directory.groupList(caller.userId)).toEqual(['admin', 'superadmin']);
    directory.seed({ email: 'second@lab.test' }, ['admin', 'superadmin']);
    await setRole({ userId: caller.userId, role: 'admin', isSuperAdmin: false }, deps);
    expect(directory.groupList(caller.userId)).toEqual(['admin']);
  });
});
