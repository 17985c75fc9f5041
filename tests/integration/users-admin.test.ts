import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Group } from '../../core/constants';
import { caller, postRoute } from '../support/api-call';
import { callableEvent } from '../support/api-gateway-event';
import {
  createTestUser,
  deleteTestUser,
  findUserByEmail,
  groupsOf,
  signIn,
  uniqueEmail,
  type TestUser,
} from '../support/cognito-test-users';
import { getRow, putRow, userRow } from '../support/dynamo-rows';
import { InMemoryEmailTemplates } from '../support/email-fakes';
import { memoryLogger } from '../support/in-memory-ports';
import { waitForEmail } from '../support/mailbox';

/**
 * User operations (spec 6/7) against real Cognito (through the bridge), DynamoDB and SES. Routes
 * go through the local gateway like the web app's calls; the rollback cases run the real use case with
 * one real step made to fail. Only throw-away users are touched: the demo users stay as seeded.
 */
const urls = inject('urls');
let superToken: string;
let superAdmin: TestUser;
let api: ReturnType<typeof caller>;
let mod: {
  directory: import('../../lambdas/ports/admin-directory').AdminDirectory;
  users: import('../../lambdas/ports/users-repository').UsersRepository;
  locks: import('../../lambdas/ports/locks').Locks;
  revocations: import('../../lambdas/ports/session-revocations').SessionRevocations;
  createUser: typeof import('../../lambdas/handlers/users/create-user').handler;
  setRole: typeof import('../../lambdas/use-cases/users/set-role').setRole;
  deleteUser: typeof import('../../lambdas/use-cases/users/delete-user').deleteUser;
  updateUserStatus: typeof import('../../lambdas/use-cases/users/update-user-status').updateUserStatus;
  createUserUseCase: typeof import('../../lambdas/use-cases/users/create-user').createUser;
  identityOf: (user: TestUser, groups: Group[]) => import('../../lambdas/auth/verify-token').Identity;
};

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  const [directory, users, locks, revocations, createUserHandler, setRole, deleteUser, createUser, updateUserStatus] =
    await Promise.all([
      import('../../lambdas/adapters/cognito-admin-directory'),
      import('../../lambdas/adapters/dynamo-users-repository'),
      import('../../lambdas/adapters/dynamo-locks'),
      import('../../lambdas/adapters/dynamo-session-revocations'),
      import('../../lambdas/handlers/users/create-user'),
      import('../../lambdas/use-cases/users/set-role'),
      import('../../lambdas/use-cases/users/delete-user'),
      import('../../lambdas/use-cases/users/create-user'),
      import('../../lambdas/use-cases/users/update-user-status'),
    ]);
  mod = {
    directory: directory.cognitoAdminDirectory(),
    users: users.dynamoUsersRepository(),
    locks: locks.dynamoLocks(),
    revocations: revocations.dynamoSessionRevocations(),
    createUser: createUserHandler.handler,
    setRole: setRole.setRole,
    deleteUser: deleteUser.deleteUser,
    createUserUseCase: createUser.createUser,
    updateUserStatus: updateUserStatus.updateUserStatus,
    identityOf: (user, groups) => ({
      userId: user.userId,
      email: user.email,
      emailVerified: true,
      groups,
      authTime: Math.floor(Date.now() / 1000),
      issuedAt: Math.floor(Date.now() / 1000),
    }),
  };
  superAdmin = await createTestUser(['admin', 'superadmin']);
  superToken = await signIn(superAdmin);
  api = caller(urls.api, superToken);
});

const cognito = () => new CognitoIdentityProviderClient({});
async function cognitoUser(userId: string) {
  return cognito().send(new AdminGetUserCommand({ UserPoolId: process.env['USER_POOL_ID'], Username: userId }));
}
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
const profileStatus = async (token: string) => (await postRoute(urls.api, 'getMyProfile', {}, token)).status;

/** A customer with a users record and a fresh token. */
async function signedInCustomer(extra: Record<string, unknown> = {}) {
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, extra));
  return { user, token: await signIn(user) };
}

describe('createUser (spec 6/7): account, groups, users record and invitation', () => {
  it('creates a super admin who can sign in, with an invitation naming the portal URL and no password', async () => {
    const email = uniqueEmail('invited');
    process.env['PORTAL_URL'] = 'https://portal.lenslab.test';
    let res;
    try {
      res = await mod.createUser(
        callableEvent('createUser', {
          token: superToken,
          data: { email, password: 'Invite!2025x', role: 'admin', isSuperAdmin: true, firstName: 'Ines' },
        }),
      );
    } finally {
      delete process.env['PORTAL_URL'];
    }
    expect(res.statusCode).toBe(200);
    const { userId, invitationSent } = JSON.parse(res.body ?? '{}').result;
    expect(invitationSent).toBe(true);
    expect((await groupsOf(userId)).sort()).toEqual(['admin', 'superadmin']);
    expect(await getRow('users', { userId })).toMatchObject({ email, role: 'admin', isSuperAdmin: true, version: 0 });
    const mail = await waitForEmail(urls.ses, email, (m) => m.subject.includes('invited'));
    expect(mail.body.html).toContain('https://portal.lenslab.test');
    expect(mail.body.text).toContain('Hello Ines');
    expect(JSON.stringify(mail.body)).not.toContain('Invite!2025x');
    expect(await signIn({ email, password: 'Invite!2025x' })).toBeTruthy();
    await deleteTestUser(userId);
  });

  it('refuses an email that already has an account (409) and a weak password (400), creating nothing', async () => {
    const existing = await createTestUser(['customer']);
    const taken = await api('createUser', { email: existing.email, password: 'Invite!2025x', role: 'customer' });
    expect(taken.status).toBe(409);
    const email = uniqueEmail('weak');
    const weak = await api('createUser', { email, password: 'weak', role: 'customer' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details.fieldErrors.password[0]).toMatch(/Password must contain/);
    expect(await findUserByEmail(email)).toBeNull();
  });

  it('a customer cannot be a super admin (400)', async () => {
    const res = await api('createUser', {
      email: uniqueEmail('x'),
      password: 'Invite!2025x',
      role: 'customer',
      isSuperAdmin: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors.isSuperAdmin).toEqual(['Only an admin can be a super admin']);
  });

  it('when the users record cannot be written, the new account is deleted again (no half-made user)', async () => {
    const email = uniqueEmail('rollback-create');
    const table = process.env['TABLE_USERS'];
    process.env['TABLE_USERS'] = `${table}-missing`; // a real DynamoDB failure
    try {
      await expect(
        mod.createUserUseCase(
          { email, password: 'Invite!2025x', role: 'customer', isSuperAdmin: false },
          {
            directory: mod.directory,
            users: mod.users,
            templates: new InMemoryEmailTemplates(),
            portalUrl: null,
            now: () => new Date(),
            log: memoryLogger().log,
          },
        ),
      ).rejects.toMatchObject({ status: 'internal', message: 'Failed to create user account' });
    } finally {
      process.env['TABLE_USERS'] = table;
    }
    expect(await findUserByEmail(email)).toBeNull();
  });
});

describe('lists and lookups (spec 6/7 getAdminUsers, getCustomerUsers, getUserByUid)', () => {
  it('lists admins with groups, state and last activity; customers are not among them; search finds by email and name', async () => {
    const prefix = `lst${Date.now().toString(36)}`;
    const admin = await createTestUser(['admin'], `${prefix}-admin@lab.test`);
    const customer = await createTestUser(['customer'], `${prefix}-cust@lab.test`);
    await putRow('users', userRow(admin, { firstName: 'Zed', lastName: prefix }));
    await putRow('userActivity', { userId: admin.userId, lastActivity: 1_700_000_000_000 });

    const admins = await api('getAdminUsers', { search: prefix });
    expect(admins.status).toBe(200);
    const rows = admins.body.result.items;
    expect(rows.map((r: { email: string }) => r.email)).toEqual([admin.email]);
    expect(rows[0]).toMatchObject({
      userId: admin.userId,
      groups: ['admin'],
      role: 'admin',
      isSuperAdmin: false,
      enabled: true,
      emailVerified: true,
      firstName: 'Zed',
      lastActivity: 1_700_000_000_000,
    });
    const customers = await api('getCustomerUsers', { search: prefix });
    expect(customers.body.result.items.map((r: { userId: string }) => r.userId)).toEqual([customer.userId]);
  });

  it('pages through the whole group with the cursor, each user once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api('getAdminUsers', { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      expect(page.body.result.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.result.items.map((r: { userId: string }) => r.userId));
      cursor = page.body.result.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(superAdmin.userId);
    expect((await api('getAdminUsers', { cursor: 'bm90LWEtY3Vyc29y' })).status).toBe(400);
  });

  it('spec 5: getUserByUid needs an id ("User ID is required."); an unknown id is not-found', async () => {
    const empty = await api('getUserByUid', { uid: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('User ID is required.');
    expect((await api('getUserByUid', {})).body.error.message).toBe('User ID is required.');
    expect((await api('getUserByUid', { uid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const { user } = await signedInCustomer({ accountNumber: 'BV-1001' });
    const found = await api('getUserByUid', { uid: user.userId });
    expect(found.body.result).toMatchObject({ userId: user.userId, groups: ['customer'], accountNumber: 'BV-1001' });
    expect(found.body.result.profile).toMatchObject({ email: user.email });
  });

  it('admins (not super admins) and customers cannot use the user operations', async () => {
    const admin = await signIn(await createTestUser(['admin']));
    expect((await postRoute(urls.api, 'getAdminUsers', {}, admin)).status).toBe(403);
    const { token } = await signedInCustomer();
    expect((await postRoute(urls.api, 'getCustomerUsers', {}, token)).status).toBe(403);
  });
});

describe('updateUserStatus (spec 7): disabling ends sessions at once', () => {
  it('disabling a signed-in user: their saved token is refused at once, sign-in too; enabling lets them back', async () => {
    const { user, token } = await signedInCustomer();
    expect(await profileStatus(token)).toBe(200); // the 5 s revocation cache now holds "not revoked"
    const res = await api('updateUserStatus', { userId: user.userId, disabled: true });
    expect(res.body).toEqual({ result: { userId: user.userId, disabled: true } });
    expect(await profileStatus(token)).toBe(401);
    expect((await cognitoUser(user.userId)).Enabled).toBe(false);
    await expect(signIn(user)).rejects.toThrow();

    expect((await api('updateUserStatus', { userId: user.userId, disabled: false })).status).toBe(200);
    await nextSecond();
    expect(await profileStatus(await signIn(user))).toBe(200);
  });

  it('no one disables or deletes themself (403)', async () => {
    const disable = await api('updateUserStatus', { userId: superAdmin.userId, disabled: true });
    expect(disable.status).toBe(403);
    expect(disable.body.error.message).toBe('You cannot disable your own account.');
    expect((await api('deleteUser', { userId: superAdmin.userId })).status).toBe(403);
    expect((await cognitoUser(superAdmin.userId)).Enabled).toBe(true);
  });

  it('overrideEmailVerification marks the email verified', async () => {
    const email = uniqueEmail('unverified');
    const created = await api('createUser', { email, password: 'Invite!2025x', role: 'customer' });
    const { userId } = created.body.result;
    const verified = (u: Awaited<ReturnType<typeof cognitoUser>>) =>
      u.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value;
    expect(verified(await cognitoUser(userId))).toBe('false');
    expect((await api('overrideEmailVerification', { userId })).status).toBe(200);
    expect(verified(await cognitoUser(userId))).toBe('true');
    await deleteTestUser(userId);
  });
});

describe('adminResetPassword (spec 7)', () => {
  it('sets a new password (policy enforced), ends the sessions, and the new password signs in', async () => {
    const { user, token } = await signedInCustomer();
    expect((await api('adminResetPassword', { userId: user.userId, newPassword: 'short' })).status).toBe(400);
    expect(await profileStatus(token)).toBe(200);
    expect((await api('adminResetPassword', { userId: user.userId, newPassword: 'Reset!2025new' })).status).toBe(200);
    expect(await profileStatus(token)).toBe(401);
    await nextSecond();
    expect(await signIn({ email: user.email, password: 'Reset!2025new' })).toBeTruthy();
    expect((await api('adminResetPassword', { userId: superAdmin.userId, newPassword: 'Reset!2025new' })).status).toBe(
      403,
    );
  });
});

describe('setRole (spec 7): groups and users record change together', () => {
  it('makes a customer a super admin: groups admin + superadmin, record updated, old token refused', async () => {
    const { user, token } = await signedInCustomer();
    const res = await api('setRole', { userId: user.userId, role: 'admin', isSuperAdmin: true });
    expect(res.body.result).toEqual({
      userId: user.userId,
      role: 'admin',
      isSuperAdmin: true,
      groups: ['admin', 'superadmin'],
    });
    expect((await groupsOf(user.userId)).sort()).toEqual(['admin', 'superadmin']);
    expect(await getRow('users', { userId: user.userId })).toMatchObject({
      role: 'admin',
      isSuperAdmin: true,
      version: 1,
    });
    expect(await profileStatus(token)).toBe(401); // the token still says "customer"

    const back = await api('setRole', { userId: user.userId, role: 'customer', isSuperAdmin: false });
    expect(back.status).toBe(200);
    expect(await groupsOf(user.userId)).toEqual(['customer']);
  });

  it('when a group change fails half-way, the groups and the users record are put back', async () => {
    const { user } = await signedInCustomer();
    let failed = 0;
    const failing = {
      ...mod.directory,
      // A real failure from the emulator, once: removing the user from a group that does not exist. The
      // undo that follows uses the real call.
      removeFromGroup: (userId: string, group: Group) =>
        failed++ === 0
          ? mod.directory.removeFromGroup(userId, 'no-such-group' as Group)
          : mod.directory.removeFromGroup(userId, group),
    };
    await expect(
      mod.setRole(
        { userId: user.userId, role: 'admin', isSuperAdmin: false },
        {
          directory: failing,
          users: mod.users,
          locks: mod.locks,
          revocations: mod.revocations,
          now: () => new Date(),
          log: memoryLogger().log,
        },
      ),
    ).rejects.toMatchObject({ status: 'internal' });
    expect(await groupsOf(user.userId)).toEqual(['customer']);
    const row = await getRow('users', { userId: user.userId });
    expect(row?.['role']).toBeUndefined();
  });

  it('the last super admin cannot be demoted, disabled or deleted; with another one, demotion works', async () => {
    const [a, b] = [await createTestUser(['admin', 'superadmin']), await createTestUser(['admin', 'superadmin'])];
    // The pool also holds the demo super admin and other tests' ones; this view of it holds only a and b,
    // so the guard's count runs for real against Cognito's groups, on a pool where a is the last one.
    const onlyAandB = {
      ...mod.directory,
      listGroupMembers: async (group: Group, page: { limit: number; token?: string | undefined }) => {
        const answer = await mod.directory.listGroupMembers(group, page);
        return { ...answer, users: answer.users.filter((u) => u.userId === a.userId || u.userId === b.userId) };
      },
    };
    const deps = {
      directory: onlyAandB,
      users: mod.users,
      locks: mod.locks,
      revocations: mod.revocations,
      now: () => new Date(),
      log: memoryLogger().log,
    };
    await mod.setRole({ userId: b.userId, role: 'admin', isSuperAdmin: false }, deps);
    expect((await groupsOf(b.userId)).sort()).toEqual(['admin']);

    await expect(mod.setRole({ userId: a.userId, role: 'customer', isSuperAdmin: false }, deps)).rejects.toMatchObject({
      status: 'aborted',
      message: 'There must always be at least one super admin. Make another user a super admin first.',
    });
    await expect(
      mod.updateUserStatus(mod.identityOf(b, ['admin']), { userId: a.userId, disabled: true }, deps),
    ).rejects.toMatchObject({ status: 'aborted' });
    await expect(
      mod.deleteUser(mod.identityOf(b, ['admin', 'superadmin']), a.userId, {
        ...deps,
        activity: { delete: async () => {} },
      }),
    ).rejects.toMatchObject({ status: 'aborted' });
    expect((await groupsOf(a.userId)).sort()).toEqual(['admin', 'superadmin']);
    expect((await cognitoUser(a.userId)).Enabled).toBe(true);
  });
});

describe('deleteUser (spec 7)', () => {
  it('deletes the account, its users and activity records, and the saved token is refused', async () => {
    const { user, token } = await signedInCustomer();
    await putRow('userActivity', { userId: user.userId, lastActivity: Date.now() });
    expect(await profileStatus(token)).toBe(200);
    expect((await api('deleteUser', { userId: user.userId })).body.result).toEqual({
      userId: user.userId,
      deleted: true,
    });
    expect(await findUserByEmail(user.email)).toBeNull();
    expect(await getRow('users', { userId: user.userId })).toBeUndefined();
    expect(await getRow('userActivity', { userId: user.userId })).toBeUndefined();
    expect(await profileStatus(token)).toBe(401);
    expect((await api('deleteUser', { userId: user.userId })).status).toBe(404);
  });

  it('when Cognito refuses the delete, the users record is put back: both still agree', async () => {
    const { user } = await signedInCustomer({ company: 'Kept Optics' });
    const failing = {
      ...mod.directory,
      // A real refusal from the emulator: deleting an account that does not exist.
      deleteUser: () => mod.directory.deleteUser('00000000-0000-4000-8000-000000000000'),
    };
    await expect(
      mod.deleteUser(mod.identityOf(superAdmin, ['admin', 'superadmin']), user.userId, {
        directory: failing,
        users: mod.users,
        activity: { delete: async () => {} },
        locks: mod.locks,
        revocations: mod.revocations,
        now: () => new Date(),
        log: memoryLogger().log,
      }),
    ).rejects.toMatchObject({ status: 'internal' });
    expect(await findUserByEmail(user.email)).toBe(user.userId);
    expect(await getRow('users', { userId: user.userId })).toMatchObject({ company: 'Kept Optics' });
  });
});
