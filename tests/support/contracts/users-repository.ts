import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../core/schemas/users/user-profile';
import type { UsersRepository } from '../../../lambdas/ports/users-repository';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import { contractNotice, refusalOf } from './contract-helpers';

/** A users record as the portal stores it, with an id unique to the run (the contract shares the table). */
export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  const userId = overrides.userId ?? randomUUID();
  return {
    userId,
    email: `${userId.slice(0, 8)}@contract.test`,
    firstName: 'Ann',
    lastName: 'Contract',
    accountNumbers: [],
    termsAccepted: false,
    version: 0,
    ...overrides,
  } as UserProfile;
}

/**
 * The UsersRepository rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 */
export function usersRepositoryContract(
  label: string,
  make: () => UsersRepository,
  /** Where the repository stores the notices of its writes. */
  outboxOf: (users: UsersRepository) => Pick<NoticeOutbox, 'get'>,
) {
  describe(`${label}: the users repository contract`, () => {
    it('create stores the record and get answers it; an unknown id reads as null', async () => {
      const users = make();
      const profile = userProfile();
      await users.create(profile);
      expect(await users.get(profile.userId)).toMatchObject(profile);
      expect(await users.get(randomUUID())).toBeNull();
    });

    it("create refuses an id that has a record ('exists') and leaves the record as it was", async () => {
      const users = make();
      const profile = userProfile();
      await users.create(profile);
      const refused = await refusalOf(users.create({ ...profile, firstName: 'Other' }));
      expect((refused as WriteConflict).reason).toBe('exists');
      expect(await users.get(profile.userId)).toMatchObject({ firstName: 'Ann' });
    });

    it('create stores its notices with the record; a refused write stores no notice', async () => {
      const users = make();
      const profile = userProfile();
      const [invited, again] = [contractNotice(), contractNotice()];
      await users.create(profile, [invited]);
      await refusalOf(users.create(profile, [again]));
      expect(await outboxOf(users).get(invited.messageId)).toMatchObject({ notice: invited.notice, state: 'pending' });
      expect(await outboxOf(users).get(again.messageId)).toBeNull();
    });

    it('recordTermsAcceptance records the first acceptance once, counts the version up, and is null without a record', async () => {
      const users = make();
      const profile = userProfile();
      await users.create(profile);
      const first = await users.recordTermsAcceptance(profile.userId, '2025-01-01T00:00:00.000Z');
      expect(first).toMatchObject({ termsAccepted: true, termsAcceptedDate: '2025-01-01T00:00:00.000Z', version: 1 });
      const again = await users.recordTermsAcceptance(profile.userId, '2025-06-01T00:00:00.000Z');
      expect(again).toMatchObject({ termsAcceptedDate: '2025-01-01T00:00:00.000Z', version: 1 });
      expect(await users.recordTermsAcceptance(randomUUID(), '2025-01-01T00:00:00.000Z')).toBeNull();
    });

    it('update applies set and remove at the expected version, counts it up, and never changes the id or version it is given', async () => {
      const users = make();
      const profile = userProfile({ phone: '555-0100' } as Partial<UserProfile>);
      await users.create(profile);
      const updated = await users.update(
        profile.userId,
        { set: { firstName: 'Anna', userId: 'forged', version: 40 } as Partial<UserProfile>, remove: ['phone'] },
        0,
      );
      expect(updated).toMatchObject({ userId: profile.userId, firstName: 'Anna', version: 1 });
      expect(updated).not.toHaveProperty('phone');
      expect(await users.get(profile.userId)).toMatchObject({ firstName: 'Anna', version: 1 });
      expect(await users.get('forged')).toBeNull();
    });

    it("update refuses a stale version ('changed') and a missing record ('missing')", async () => {
      const users = make();
      const profile = userProfile();
      await users.create(profile);
      const stale = await refusalOf(users.update(profile.userId, { set: { firstName: 'Late' } }, 3));
      expect(stale).toBeInstanceOf(WriteRefused);
      expect((stale as WriteConflict).reason).toBe('changed');
      const missing = await refusalOf(users.update(randomUUID(), { set: { firstName: 'Nobody' } }, 0));
      expect((missing as WriteConflict).reason).toBe('missing');
      expect(await users.get(profile.userId)).toMatchObject({ firstName: 'Ann', version: 0 });
    });

    it('remove answers the record as it was and deletes it; restore puts it back, but never over a new record', async () => {
      const users = make();
      const profile = userProfile();
      await users.create(profile);
      const removed = await users.remove(profile.userId);
      expect(removed).toMatchObject(profile);
      expect(await users.get(profile.userId)).toBeNull();
      expect(await users.remove(profile.userId)).toBeNull();
      await users.restore(removed!);
      expect(await users.get(profile.userId)).toMatchObject(profile);
      await users.update(profile.userId, { set: { firstName: 'Newer' } }, 0);
      await users.restore(removed!);
      expect(await users.get(profile.userId)).toMatchObject({ firstName: 'Newer' });
    });

    it('batchGet answers the records that exist and leaves out unknown ids', async () => {
      const users = make();
      const [a, b] = [userProfile(), userProfile()];
      await users.create(a);
      await users.create(b);
      const found = await users.batchGet([a.userId, randomUUID(), b.userId]);
      expect(found.map((u) => u.userId).sort()).toEqual([a.userId, b.userId].sort());
      expect(await users.batchGet([])).toEqual([]);
    });
  });
}
