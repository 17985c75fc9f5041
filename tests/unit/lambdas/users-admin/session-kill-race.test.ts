import { describe, expect, it } from 'vitest';
import type { Group } from '../../../../core/constants';
import {
  cachedSessionRevocations,
  FRESH_SESSION_SECONDS,
  REVOCATION_CACHE_MS,
  sessionRevocationCheck,
} from '../../../../lambdas/auth/session-revocation';
import type { Identity } from '../../../../lambdas/auth/verify-token';
import { adminResetPassword } from '../../../../lambdas/use-cases/users/admin-reset-password';
import { deleteUser } from '../../../../lambdas/use-cases/users/delete-user';
import { setRole } from '../../../../lambdas/use-cases/users/set-role';
import { updateUserStatus } from '../../../../lambdas/use-cases/users/update-user-status';
import { identity } from '../../../support/identities';
import { NOW, usersAdminWorld } from './fixtures';

/**
 * A user change revokes the sessions, changes Cognito, and revokes again. A sign-in that lands
 * between the first revocation and the Cognito change (the attack: sign in while the admin is disabling or
 * demoting you) gets a token the first revocation does not cover; the second one must refuse it, in the process
 * that made the change and in every other one, without waiting for the 5 s revocation cache.
 */
function raceWorld() {
  const world = usersAdminWorld();
  let clock = NOW;
  const now = () => clock;
  const tick = (ms: number) => (clock += ms);
  // This process (the handler's shared, cached store) and another Lambda container reading the same table.
  const here = cachedSessionRevocations(world.revocations, { now });
  const elsewhere = cachedSessionRevocations(world.revocations, { now });
  const refusedHere = sessionRevocationCheck(here, { now });
  const refusedElsewhere = sessionRevocationCheck(elsewhere, { now });
  const deps = { ...world.deps, revocations: here, now: () => new Date(clock) };
  /** The user signs in right now (whole seconds, as Cognito's auth_time). */
  const signIn = (userId: string, groups: Group[]): Identity => {
    const seconds = Math.floor(clock / 1000);
    return identity(groups, { userId, authTime: seconds, issuedAt: seconds });
  };
  return { ...world, deps, tick, signIn, refusedHere, refusedElsewhere };
}

describe('revoking around a user change', () => {
  it('disable: a token signed in between the revocation and the disable is refused here and elsewhere at once', async () => {
    const w = raceWorld();
    const userId = w.add('c@practice.test', ['customer']);
    let raced: Identity | undefined;
    const setEnabled = w.directory.setEnabled.bind(w.directory);
    w.directory.setEnabled = async (id, enabled) => {
      w.tick(1500); // the first revocation was written a moment ago
      raced = w.signIn(id, ['customer']); // Cognito still lets them in
      expect(await w.refusedElsewhere(raced)).toBe(false); // the attack works until the second revocation
      w.tick(800);
      await setEnabled(id, enabled);
    };
    await updateUserStatus(w.caller, { userId, disabled: true }, w.deps);

    expect(w.revocations.rows.get(userId)?.revokedAt).toBe(Math.floor((NOW + 2300) / 1000));
    expect(await w.refusedHere(raced!)).toBe(true);
    // The other container cached "revoked before the sign-in" a moment ago; a fresh token skips that cache.
    expect(await w.refusedElsewhere(raced!)).toBe(true);
  });

  it('demote: a token signed in during the group change (old groups) is refused; a sign-in afterwards works', async () => {
    const w = raceWorld();
    const userId = w.add('second@lab.test', ['admin', 'superadmin']);
    let raced: Identity | undefined;
    const removeFromGroup = w.directory.removeFromGroup.bind(w.directory);
    w.directory.removeFromGroup = async (id, group) => {
      w.tick(1200);
      raced ??= w.signIn(id, w.directory.groupList(id)); // still a super admin in the token
      await removeFromGroup(id, group);
      w.tick(300);
    };
    await setRole({ userId, role: 'customer', isSuperAdmin: false }, w.deps);

    expect(raced?.groups).toContain('superadmin');
    expect(await w.refusedHere(raced!)).toBe(true);
    expect(await w.refusedElsewhere(raced!)).toBe(true);
    w.tick(1000);
    expect(await w.refusedHere(w.signIn(userId, ['customer']))).toBe(false);
  });

  it("demote: the admin's older token is refused by another process at once, not after the 5 s cache", async () => {
    const w = raceWorld();
    const userId = w.add('third@lab.test', ['admin']);
    const old = identity(['admin'], { userId, authTime: Math.floor(NOW / 1000) - 600 });
    expect(await w.refusedElsewhere(old)).toBe(false); // not revoked yet
    await setRole({ userId, role: 'customer', isSuperAdmin: false }, w.deps);
    w.tick(1);
    expect(await w.refusedElsewhere(old)).toBe(true);
  });

  it('reset password: a sign-in with the old password during the reset is refused', async () => {
    const w = raceWorld();
    const userId = w.add('c@practice.test', ['customer']);
    let raced: Identity | undefined;
    const setPassword = w.directory.setPassword.bind(w.directory);
    w.directory.setPassword = async (id, password) => {
      w.tick(1100);
      raced = w.signIn(id, ['customer']);
      await setPassword(id, password);
    };
    await adminResetPassword(w.caller, { userId, newPassword: 'Reset!2025x' }, w.deps);
    expect(await w.refusedHere(raced!)).toBe(true);
    expect(await w.refusedElsewhere(raced!)).toBe(true);
  });

  it('delete: a sign-in during the delete is refused (the second revocation writes the record only)', async () => {
    const w = raceWorld();
    const userId = w.add('c@practice.test', ['customer']);
    let raced: Identity | undefined;
    const remove = w.directory.deleteUser.bind(w.directory);
    w.directory.deleteUser = async (id) => {
      w.tick(1100);
      raced = w.signIn(id, ['customer']);
      await remove(id);
    };
    await deleteUser(w.caller, userId, w.deps);
    expect(await w.refusedHere(raced!)).toBe(true);
    expect(w.directory.calls.filter((c) => c === `signOutEverywhere ${userId}`)).toHaveLength(1);
  });

  it('revokes twice: once before the Cognito change and once after it', async () => {
    const w = raceWorld();
    const userId = w.add('c@practice.test', ['customer']);
    const written: number[] = [];
    const revoke = w.revocations.revoke.bind(w.revocations);
    w.revocations.revoke = async (id, revokedAt, expiresAt) => {
      written.push(revokedAt);
      await revoke(id, revokedAt, expiresAt);
    };
    const setEnabled = w.directory.setEnabled.bind(w.directory);
    w.directory.setEnabled = async (id, enabled) => {
      w.tick(2000);
      await setEnabled(id, enabled);
    };
    await updateUserStatus(w.caller, { userId, disabled: true }, w.deps);
    expect(written).toEqual([Math.floor(NOW / 1000), Math.floor(NOW / 1000) + 2]);
  });
});

describe('what still goes through the 5 s cache', () => {
  it("a customer's token older than FRESH_SESSION_SECONDS: one lookup per 5 s, as before", async () => {
    const w = raceWorld();
    const userId = w.add('c@practice.test', ['customer']);
    const old = identity(['customer'], { userId, authTime: Math.floor(NOW / 1000) - FRESH_SESSION_SECONDS - 1 });
    const before = w.revocations.lookups;
    for (let i = 0; i < 5; i++) await w.refusedElsewhere(old);
    expect(w.revocations.lookups - before).toBe(1);
    w.tick(REVOCATION_CACHE_MS);
    await w.refusedElsewhere(old);
    expect(w.revocations.lookups - before).toBe(2);
  });

  it('a fresh or staff token is looked up on every request', async () => {
    const w = raceWorld();
    const customer = w.signIn(w.add('c@practice.test', ['customer']), ['customer']);
    const admin = identity(['admin'], { userId: w.add('a@lab.test', ['admin']), authTime: 1 });
    const before = w.revocations.lookups;
    for (let i = 0; i < 3; i++) {
      await w.refusedElsewhere(customer);
      await w.refusedElsewhere(admin);
    }
    expect(w.revocations.lookups - before).toBe(6);
  });
});
