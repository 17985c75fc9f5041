import { describe, expect, it } from 'vitest';
import { cachedSessionRevocations, sessionRevocationCheck } from '../../../../lambdas/auth/session-revocation';
import { adminResetPassword } from '../../../../lambdas/use-cases/users/admin-reset-password';
import { deleteUser } from '../../../../lambdas/use-cases/users/delete-user';
import { overrideEmailVerification } from '../../../../lambdas/use-cases/users/override-email-verification';
import { SUPER_ADMIN_MESSAGES } from '../../../../lambdas/use-cases/users/super-admin-guard';
import { updateUserStatus } from '../../../../lambdas/use-cases/users/update-user-status';
import { identity } from '../../../support/identities';
import { failureOf } from '../../../support/failure-of';
import { NOW, usersAdminWorld } from './fixtures';

const seconds = Math.floor(NOW / 1000);

describe('deleteUser (spec 7) guard rails and compensation', () => {
  it('deletes the account, the users and activity records, after ending the sessions', async () => {
    const { directory, users, activity, revocations, caller, deps, add } = usersAdminWorld();
    const userId = add('fitter@practice.test', ['customer']);
    activity.rows.set(userId, { lastActivity: NOW } as never);
    expect(await deleteUser(caller, userId, deps)).toEqual({ userId, deleted: true });
    expect(directory.accounts.has(userId)).toBe(false);
    expect(users.rows.has(userId)).toBe(false);
    expect(activity.rows.has(userId)).toBe(false);
    expect(revocations.rows.get(userId)?.revokedAt).toBe(seconds);
    expect(directory.calls.indexOf('signOutEverywhere ' + userId)).toBeLessThan(
      directory.calls.indexOf('deleteUser ' + userId),
    );
  });

  it('no one deletes themself (403), and nothing is touched', async () => {
    const { directory, caller, deps } = usersAdminWorld();
    expect(await failureOf(deleteUser(caller, caller.userId, deps))).toMatchObject({
      status: 'permission-denied',
      message: 'You cannot delete your own account.',
    });
    expect(directory.accounts.has(caller.userId)).toBe(true);
  });

  it('an unknown user is not-found', async () => {
    const { caller, deps } = usersAdminWorld();
    expect((await failureOf(deleteUser(caller, 'nobody', deps))).status).toBe('not-found');
  });

  it('if Cognito refuses the delete, the users record is put back as it was (500), so both still agree', async () => {
    const { directory, users, caller, deps, add } = usersAdminWorld();
    const userId = add('kept@practice.test', ['customer']);
    const before = users.rows.get(userId);
    directory.failNext('deleteUser');
    expect((await failureOf(deleteUser(caller, userId, deps))).status).toBe('internal');
    expect(directory.accounts.has(userId)).toBe(true);
    expect(users.rows.get(userId)).toEqual(before);
  });

  it('a failing activity delete does not fail the deletion (logged)', async () => {
    const { directory, activity, caller, deps, add, lines } = usersAdminWorld();
    const userId = add('x@practice.test', ['customer']);
    activity.delete = async () => {
      throw new Error('throttled');
    };
    await deleteUser(caller, userId, deps);
    expect(directory.accounts.has(userId)).toBe(false);
    expect(lines.some((l) => l.includes('activity record not deleted'))).toBe(true);
  });
});

describe('the last super admin (count of the superadmin group)', () => {
  it('cannot be deleted, disabled or demoted; the check runs under the super-admin lock', async () => {
    const { directory, locks, deps, add } = usersAdminWorld();
    // The caller is disabled meanwhile (their token still works for the moment): `last` is the only enabled one.
    directory.accounts.get('caller')!.enabled = false;
    const last = add('last@lab.test', ['admin', 'superadmin']);
    const other = identity(['admin', 'superadmin'], { userId: 'caller' });
    for (const attempt of [
      () => deleteUser(other, last, deps),
      () => updateUserStatus(other, { userId: last, disabled: true }, deps),
    ]) {
      expect(await failureOf(attempt())).toMatchObject({ status: 'aborted', message: SUPER_ADMIN_MESSAGES.last });
    }
    expect(directory.accounts.get(last)?.enabled).toBe(true);
    expect(locks.taken).toEqual(['superadmins', 'superadmins']);
  });

  it('with another enabled super admin, a super admin can be disabled', async () => {
    const { directory, caller, deps, add } = usersAdminWorld();
    const second = add('second@lab.test', ['admin', 'superadmin']);
    await updateUserStatus(caller, { userId: second, disabled: true }, deps);
    expect(directory.accounts.get(second)?.enabled).toBe(false);
  });

  it('while another super-admin change holds the lock, the change is refused with "try again" (409)', async () => {
    const { locks, caller, deps, add } = usersAdminWorld();
    const second = add('second@lab.test', ['admin', 'superadmin']);
    locks.hold('superadmins');
    expect(await failureOf(deleteUser(caller, second, deps))).toMatchObject({
      status: 'aborted',
      message: SUPER_ADMIN_MESSAGES.busy,
    });
  });

  it('users who are not super admins need no lock', async () => {
    const { locks, caller, deps, add } = usersAdminWorld();
    await updateUserStatus(caller, { userId: add('c@practice.test', ['customer']), disabled: true }, deps);
    expect(locks.taken).toEqual([]);
  });
});

describe('updateUserStatus (spec 7): disabling ends the sessions', () => {
  it('writes the revocation before disabling, so there is no moment the disabled user still gets in', async () => {
    const { directory, revocations, caller, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    let revokedWhenDisabled: number | undefined;
    const setEnabled = directory.setEnabled.bind(directory);
    directory.setEnabled = async (id, enabled) => {
      revokedWhenDisabled = revocations.rows.get(id)?.revokedAt;
      await setEnabled(id, enabled);
    };
    expect(await updateUserStatus(caller, { userId, disabled: true }, deps)).toEqual({ userId, disabled: true });
    expect(revokedWhenDisabled).toBe(seconds);
    expect(directory.accounts.get(userId)?.enabled).toBe(false);
  });

  it("a disabled user's token is refused at once by this process, though a 'not revoked' answer was cached", async () => {
    const { revocations, caller, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    let clock = NOW;
    const shared = cachedSessionRevocations(revocations, { now: () => clock });
    const isRevoked = sessionRevocationCheck(shared);
    const token = identity(['customer'], { userId, authTime: seconds - 60, issuedAt: seconds - 60 });
    expect(await isRevoked(token)).toBe(false); // cached for 5 s
    await updateUserStatus(caller, { userId, disabled: true }, { ...deps, revocations: shared });
    clock += 1;
    expect(await isRevoked(token)).toBe(true);
  });

  it('no one disables themself (403); enabling works and ends no session', async () => {
    const { directory, revocations, caller, deps, add } = usersAdminWorld();
    expect(await failureOf(updateUserStatus(caller, { userId: caller.userId, disabled: true }, deps))).toMatchObject({
      status: 'permission-denied',
      message: 'You cannot disable your own account.',
    });
    const userId = add('d@practice.test', ['customer'], { enabled: false });
    await updateUserStatus(caller, { userId, disabled: false }, deps);
    expect(directory.accounts.get(userId)?.enabled).toBe(true);
    expect(revocations.rows.has(userId)).toBe(false);
  });

  it('the global sign-out is best effort: cognito-local lacks it, the revocation record is enough', async () => {
    const { directory, revocations, caller, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    directory.failNext('signOutEverywhere');
    await updateUserStatus(caller, { userId, disabled: true }, deps);
    expect(revocations.rows.has(userId)).toBe(true);
    expect(directory.accounts.get(userId)?.enabled).toBe(false);
  });
});

describe('adminResetPassword and overrideEmailVerification (spec 7)', () => {
  it('sets the new password and ends the sessions; not for oneself', async () => {
    const { directory, revocations, caller, deps, add } = usersAdminWorld();
    const userId = add('c@practice.test', ['customer']);
    await adminResetPassword(caller, { userId, newPassword: 'Reset!2025x' }, deps);
    expect(directory.accounts.get(userId)?.password).toBe('Reset!2025x');
    expect(revocations.rows.has(userId)).toBe(true);
    expect(
      await failureOf(adminResetPassword(caller, { userId: caller.userId, newPassword: 'Reset!2025x' }, deps)),
    ).toMatchObject({
      status: 'permission-denied',
      message: 'Use Settings to change your own password.',
    });
  });

  it('marks the email verified; an unknown user is not-found', async () => {
    const { directory } = usersAdminWorld();
    const userId = directory.seed({ email: 'u@practice.test', emailVerified: false });
    expect(await overrideEmailVerification(userId, directory)).toEqual({ userId, emailVerified: true });
    expect(directory.accounts.get(userId)?.emailVerified).toBe(true);
    expect((await failureOf(overrideEmailVerification('nobody', directory))).status).toBe('not-found');
  });
});
