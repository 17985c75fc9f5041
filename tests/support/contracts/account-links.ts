import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountLinks } from '../../../lambdas/ports/account-links';
import type { CustomersRepository } from '../../../lambdas/ports/customers-repository';
import type { UsersRepository } from '../../../lambdas/ports/users-repository';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import { contractNotice, refusalOf } from './contract-helpers';
import { practice } from './customers-repository';
import { userProfile } from './users-repository';

/** The links port and the two stores it writes, wired over the same records (the fakes share their rows). */
export interface AccountLinksContractPorts {
  links: AccountLinks;
  users: UsersRepository;
  customers: CustomersRepository;
  /** Where the links store the notices of their changes. */
  outbox: Pick<NoticeOutbox, 'get'>;
}

/**
 * The AccountLinks rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter both
 * keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 */
export function accountLinksContract(label: string, make: () => AccountLinksContractPorts) {
  describe(`${label}: the account links contract`, () => {
    /** A user with no accounts and two practices, stored. */
    const world = async () => {
      const ports = make();
      const user = userProfile();
      const [main, extra] = [practice(), practice()];
      await ports.users.create(user);
      await ports.customers.create(main);
      await ports.customers.create(extra);
      return { ...ports, user, main: main.accountNumber, extra: extra.accountNumber };
    };

    it("a link writes the user's accounts, counts the version up, and adds the user to the practice's linked users", async () => {
      const { links, users, customers, user, main } = await world();
      const stored = await links.apply({
        userId: user.userId,
        expectedVersion: 0,
        accountNumber: main,
        accountNumbers: [],
        linked: main,
      });
      expect(stored).toMatchObject({ userId: user.userId, accountNumber: main, accountNumbers: [], version: 1 });
      expect(await users.get(user.userId)).toMatchObject({ accountNumber: main, accountNumbers: [], version: 1 });
      expect(await customers.linkedUserIds(main)).toEqual([user.userId]);
    });

    it("an unlink of the main account with no other account left removes it and takes the user off the practice's list", async () => {
      const { links, users, customers, user, main, extra } = await world();
      await links.apply({
        userId: user.userId,
        expectedVersion: 0,
        accountNumber: main,
        accountNumbers: [],
        linked: main,
      });
      await links.apply({
        userId: user.userId,
        expectedVersion: 1,
        accountNumber: main,
        accountNumbers: [extra],
        linked: extra,
      });
      const stored = await links.apply({
        userId: user.userId,
        expectedVersion: 2,
        accountNumber: extra,
        accountNumbers: [],
        unlinked: main,
      });
      expect(stored).toMatchObject({ accountNumber: extra, accountNumbers: [], version: 3 });
      expect(await customers.linkedUserIds(main)).toEqual([]);
      expect(await customers.linkedUserIds(extra)).toEqual([user.userId]);
      const last = await links.apply({
        userId: user.userId,
        expectedVersion: 3,
        accountNumber: null,
        accountNumbers: [],
        unlinked: extra,
      });
      expect(last).not.toHaveProperty('accountNumber');
      expect(await users.get(user.userId)).not.toHaveProperty('accountNumber');
      expect(await customers.linkedUserIds(extra)).toEqual([]);
    });

    it('a link stores its notices with the change; a refused write (stale version, missing practice) stores no notice', async () => {
      const { links, outbox, user, main } = await world();
      const [stale, missing, told] = [contractNotice(), contractNotice(), contractNotice()];
      const change = { userId: user.userId, accountNumber: main, accountNumbers: [], linked: main };
      await refusalOf(links.apply({ ...change, expectedVersion: 4 }, [stale]));
      await refusalOf(links.apply({ ...change, expectedVersion: 0, linked: `NONE-${randomUUID()}` }, [missing]));
      await links.apply({ ...change, expectedVersion: 0 }, [told]);
      expect(await outbox.get(stale.messageId)).toBeNull();
      expect(await outbox.get(missing.messageId)).toBeNull();
      expect(await outbox.get(told.messageId)).toMatchObject({ notice: told.notice, state: 'pending' });
    });

    it("a change on a stale version is refused ('changed'), on a missing user ('missing'), and writes nothing", async () => {
      const { links, users, customers, user, main } = await world();
      const stale = await refusalOf(
        links.apply({ userId: user.userId, expectedVersion: 4, accountNumber: main, accountNumbers: [], linked: main }),
      );
      expect(stale).toBeInstanceOf(WriteRefused);
      expect((stale as WriteConflict).reason).toBe('changed');
      const missing = await refusalOf(
        links.apply({
          userId: randomUUID(),
          expectedVersion: 0,
          accountNumber: main,
          accountNumbers: [],
          linked: main,
        }),
      );
      expect((missing as WriteConflict).reason).toBe('missing');
      expect(await users.get(user.userId)).toMatchObject({ accountNumbers: [], version: 0 });
      expect(await users.get(user.userId)).not.toHaveProperty('accountNumber');
      expect(await customers.linkedUserIds(main)).toEqual([]);
    });

    it("linking a practice that does not exist is refused ('account-missing') and the user's record stays as it was", async () => {
      const { links, users, user } = await world();
      const gone = practice().accountNumber;
      const refused = await refusalOf(
        links.apply({ userId: user.userId, expectedVersion: 0, accountNumber: gone, accountNumbers: [], linked: gone }),
      );
      expect(refused).toBeInstanceOf(WriteRefused);
      expect((refused as WriteConflict).reason).toBe('account-missing');
      expect(await users.get(user.userId)).toMatchObject({ accountNumbers: [], version: 0 });
      expect(await users.get(user.userId)).not.toHaveProperty('accountNumber');
    });

    it("an unlink naming a practice that does not exist is refused ('account-missing') and makes no practice record", async () => {
      const { links, users, customers, user } = await world();
      const gone = practice().accountNumber;
      const refused = await refusalOf(
        links.apply({
          userId: user.userId,
          expectedVersion: 0,
          accountNumber: null,
          accountNumbers: [],
          unlinked: gone,
        }),
      );
      expect((refused as WriteConflict).reason).toBe('account-missing');
      expect(await customers.get(gone)).toBeNull();
      expect(await users.get(user.userId)).toMatchObject({ version: 0 });
    });
  });
}
