import { describe, expect, it } from 'vitest';
import type { Group } from '../../../core/constants';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import { practiceRoleCheck, PRACTICE_ROLE_MESSAGE } from '../../../lambdas/auth/practice-role-check';
import type { Identity } from '../../../lambdas/auth/verify-token';
import { callerLinkedAccounts } from '../../../lambdas/kernel/caller';

const identity = (groups: Group[] = ['customer']): Identity => ({
  userId: 'u1',
  email: 'u1@example.test',
  emailVerified: true,
  groups,
  authTime: 1,
  issuedAt: 1,
});
const user = (extra: Partial<UserProfile>): UserProfile => ({
  userId: 'u1',
  email: 'u1@example.test',
  firstName: '',
  lastName: '',
  accountNumbers: [],
  termsAccepted: true,
  version: 1,
  ...extra,
});
const checkWith = (stored: UserProfile | null) => practiceRoleCheck({ get: () => Promise.resolve(stored) });

describe('the practice role check of the handler wrapper', () => {
  it('refuses a biller on an orders route with 403 before the use case runs', async () => {
    const check = checkWith(user({ accountNumber: 'A1', practiceRoles: { A1: ['billing'] } }));
    await expect(check({ practice: 'orders' }, identity())).rejects.toMatchObject({
      status: 'permission-denied',
      message: PRACTICE_ROLE_MESSAGE,
    });
  });

  it('lets staff draft orders but not reach the money', async () => {
    const check = checkWith(user({ accountNumber: 'A1', practiceRoles: { A1: ['staff'] } }));
    await expect(check({ practice: 'orders' }, identity())).resolves.toMatchObject({ practiceAccounts: ['A1'] });
    await expect(check({ practice: 'money' }, identity())).rejects.toMatchObject({ status: 'permission-denied' });
  });

  it('hands the use case only the practices whose roles allow the route', async () => {
    const stored = user({
      accountNumber: 'A1',
      accountNumbers: ['B2'],
      practiceRoles: { A1: ['billing'], B2: ['doctor'] },
    });
    const checked = await checkWith(stored)({ practice: 'orders' }, identity());
    expect(checked.practiceAccounts).toEqual(['B2']);
    expect(callerLinkedAccounts(checked, stored)).toEqual(['B2']);
  });

  it('keeps every right of a link stored before practice roles', async () => {
    const check = checkWith(user({ accountNumber: 'A1' }));
    for (const practice of ['orders', 'submitOrders', 'money', 'people'] as const)
      await expect(check({ practice }, identity())).resolves.toMatchObject({ practiceAccounts: ['A1'] });
  });

  it('does not hold the lab or routes without an ability to practice roles', async () => {
    const check = checkWith(user({ accountNumber: 'A1', practiceRoles: { A1: ['billing'] } }));
    await expect(check({ practice: 'orders' }, identity(['admin']))).resolves.not.toHaveProperty('practiceAccounts');
    await expect(check({}, identity())).resolves.not.toHaveProperty('practiceAccounts');
  });

  it('lets a user with no practice through, for the use case to answer as before', async () => {
    await expect(checkWith(user({}))({ practice: 'orders' }, identity())).resolves.toMatchObject({
      practiceAccounts: [],
    });
  });
});
